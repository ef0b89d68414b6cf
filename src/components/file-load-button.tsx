import type { ChangeEvent, ReactNode } from 'react';
import { buttonClasses } from './button-classes';
import { cx } from './cx';

/**
 * A button that opens the file picker: a real file input (keyboard and screen readers reach it)
 * under a button's look. The same file can be picked again after it was edited on disk.
 */
export function FileLoadButton({
  accept,
  disabled,
  onFile,
  children,
}: {
  accept: string;
  disabled?: boolean;
  onFile: (file: File) => void;
  children: ReactNode;
}) {
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = '';
    if (file) onFile(file);
  };
  return (
    <label
      className={buttonClasses({
        size: 'sm',
        className: cx(
          'cursor-pointer has-[input:focus-visible]:ring-2 has-[input:focus-visible]:ring-indigo-500 has-[input:focus-visible]:ring-offset-2',
          disabled && 'pointer-events-none opacity-50',
        ),
      })}
    >
      <input type="file" accept={accept} disabled={disabled} className="sr-only" onChange={change} />
      <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4 text-gray-500">
        <path d="M9.25 13.25a.75.75 0 0 0 1.5 0V4.636l2.955 3.129a.75.75 0 0 0 1.09-1.03l-4.25-4.5a.75.75 0 0 0-1.09 0l-4.25 4.5a.75.75 0 1 0 1.09 1.03L9.25 4.636v8.614Z" />
        <path d="M3.5 12.75a.75.75 0 0 0-1.5 0v2.5A2.75 2.75 0 0 0 4.75 18h10.5A2.75 2.75 0 0 0 18 15.25v-2.5a.75.75 0 0 0-1.5 0v2.5c0 .69-.56 1.25-1.25 1.25H4.75c-.69 0-1.25-.56-1.25-1.25v-2.5Z" />
      </svg>
      {children}
    </label>
  );
}
