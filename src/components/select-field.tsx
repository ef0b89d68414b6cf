import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { cx } from './cx';
import { inputClasses } from './text-field';

export type SelectFieldProps = Omit<ComponentPropsWithRef<'select'>, 'id'> & {
  /** Its name; in a compact row whose neighbours say what it is, `<span className="sr-only">`. */
  label: ReactNode;
  /** Help shown under the field. */
  description?: ReactNode;
  /** The field's error; the select is marked invalid and described by it. */
  error?: string | undefined;
  id?: string;
  /** Classes of the <select> itself (its width, a smaller size); `className` is the field's. */
  selectClassName?: string;
};

/**
 * A labelled choice from a short fixed list (a native <select>: the phone's own picker, arrow keys and
 * type-ahead), with description and error like TextField. Works with react-hook-form's `register`
 * (`valueAsNumber` for numbers). The options are its children.
 */
export function SelectField({
  label,
  description,
  error,
  id,
  className,
  selectClassName,
  children,
  ...selectProps
}: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const descriptionId = description ? `${selectId}-description` : undefined;
  const errorId = error ? `${selectId}-error` : undefined;
  const describedBy = [errorId, descriptionId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={cx('space-y-1.5', className)}>
      <label htmlFor={selectId} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <select
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cx(inputClasses, 'pr-8', selectClassName)}
        {...selectProps}
      >
        {children}
      </select>
      {description ? (
        <p id={descriptionId} className="text-sm text-gray-500">
          {description}
        </p>
      ) : null}
      {/* Always mounted, so an error that appears is announced politely. */}
      <p id={`${selectId}-error`} aria-live="polite" className="text-sm text-red-700 empty:hidden">
        {error}
      </p>
    </div>
  );
}
