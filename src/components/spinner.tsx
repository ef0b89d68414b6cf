import { cx } from './cx';

/** A small indeterminate spinner. Decorative unless given a label. */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <svg
      className={cx('size-4 shrink-0 animate-spin', className)}
      viewBox="0 0 24 24"
      fill="none"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** A centred spinner with a text label, sized to the area it replaces. */
export function LoadingState({ label = 'Loading…', className }: { label?: string; className?: string }) {
  return (
    <div
      role="status"
      className={cx('flex min-h-40 items-center justify-center gap-2 text-sm text-gray-500', className)}
    >
      <Spinner />
      <span>{label}</span>
    </div>
  );
}
