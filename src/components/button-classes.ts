import { cx } from './cx';

/**
 * The button look, apart from the button itself: links that look like one use it too.
 */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md';

const base =
  'inline-flex items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors ' +
  'outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 ' +
  'disabled:cursor-not-allowed disabled:opacity-50 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 ' +
  'data-[pending]:cursor-wait';

const variants: Record<ButtonVariant, string> = {
  primary:
    'bg-indigo-600 text-white shadow-sm hover:bg-indigo-500 active:bg-indigo-700 data-[pressed]:bg-indigo-700',
  secondary:
    'bg-white text-gray-800 shadow-sm ring-1 ring-gray-300 ring-inset hover:bg-gray-50 active:bg-gray-100 data-[pressed]:bg-gray-100',
  ghost: 'text-gray-700 hover:bg-gray-100 active:bg-gray-200 data-[pressed]:bg-gray-200',
  danger: 'bg-red-600 text-white shadow-sm hover:bg-red-500 active:bg-red-700 data-[pressed]:bg-red-700',
};

const sizes: Record<ButtonSize, string> = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
};

/** The classes of a button, for links that look like one (e.g. a router Link). */
export function buttonClasses(
  options: { variant?: ButtonVariant; size?: ButtonSize; className?: string | undefined } = {},
): string {
  return cx(base, variants[options.variant ?? 'secondary'], sizes[options.size ?? 'md'], options.className);
}
