import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { cx } from './cx';

export type TextFieldProps = Omit<ComponentPropsWithRef<'input'>, 'id'> & {
  label: ReactNode;
  /** Help shown under the field. */
  description?: ReactNode;
  /** The field's error; the input is marked invalid and described by it. */
  error?: string | undefined;
  id?: string;
};

export const inputClasses =
  'block w-full rounded-md border-0 bg-white px-3 py-2 text-[15px] text-gray-900 shadow-sm ring-1 ring-gray-300 ring-inset ' +
  'placeholder:text-gray-400 outline-none focus:ring-2 focus:ring-indigo-600 focus:ring-inset ' +
  'aria-[invalid=true]:ring-red-500 disabled:bg-gray-50 disabled:text-gray-500';

/**
 * A labelled text input with description and error. A plain <input> underneath, so it works
 * with react-hook-form's `register` (pass its ref and handlers straight through).
 */
export function TextField({ label, description, error, id, className, ...inputProps }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const descriptionId = description ? `${inputId}-description` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [errorId, descriptionId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cx('space-y-1.5', className)}>
      <label htmlFor={inputId} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={inputClasses}
        {...inputProps}
      />
      {description ? (
        <p id={descriptionId} className="text-sm text-gray-500">
          {description}
        </p>
      ) : null}
      {/* Always mounted, so an error that appears is announced politely. */}
      <p id={`${inputId}-error`} aria-live="polite" className="text-sm text-red-700 empty:hidden">
        {error}
      </p>
    </div>
  );
}
