import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { cx } from './cx';
import { inputClasses } from './text-field';

type CommonProps = {
  label: ReactNode;
  /** Characters typed so far (the caller reads it from its form state). */
  count: number;
  /** The limit the counter shows; going over is allowed while typing and shown in red. */
  max: number;
  /**
   * The value may go over: it is cut to `max` later (e.g. by the server), so going over is a note in
   * amber, not an invalid field.
   */
  softLimit?: boolean;
  /** Help under the field. */
  description?: ReactNode;
  error?: string | undefined;
  id?: string;
  className?: string;
};

type InputProps = CommonProps & { multiline?: false } & Omit<
    ComponentPropsWithRef<'input'>,
    'id' | 'className'
  >;
type TextAreaProps = CommonProps & { multiline: true } & Omit<
    ComponentPropsWithRef<'textarea'>,
    'id' | 'className'
  >;

/**
 * A labelled text input or text area with a live character counter against a limit. Nothing is cut
 * while typing (a paste over the limit stays whole and the counter says by how much it is over).
 * A plain input underneath, so react-hook-form's `register` passes straight through.
 */
export function CharacterCountField(props: InputProps | TextAreaProps) {
  const generatedId = useId();
  const { label, count, max, softLimit, description, error, id, className, multiline, ...controlProps } =
    props;
  const inputId = id ?? generatedId;
  const counterId = `${inputId}-count`;
  const descriptionId = description ? `${inputId}-description` : undefined;
  const errorId = `${inputId}-error`;
  const describedBy = [error ? errorId : undefined, descriptionId, counterId].filter(Boolean).join(' ');
  const over = count > max;
  const shared = {
    id: inputId,
    'aria-invalid': error || (over && !softLimit) ? true : undefined,
    'aria-describedby': describedBy,
  };

  return (
    <div className={cx('space-y-1.5', className)}>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={inputId} className="block text-sm font-medium text-gray-800">
          {label}
        </label>
        <span
          id={counterId}
          className={cx(
            'shrink-0 text-xs tabular-nums',
            !over ? 'text-gray-500' : softLimit ? 'font-medium text-amber-700' : 'font-medium text-red-700',
          )}
        >
          <span aria-hidden="true">
            {count} / {max}
          </span>
          <span className="sr-only">
            {over
              ? `${count - max} characters over the limit of ${max}`
              : `${count} of ${max} characters used`}
          </span>
        </span>
      </div>
      {multiline ? (
        <textarea
          {...shared}
          className={cx(inputClasses, 'min-h-24 resize-y field-sizing-content')}
          {...(controlProps as Omit<TextAreaProps, keyof CommonProps | 'multiline'>)}
        />
      ) : (
        <input
          {...shared}
          className={inputClasses}
          {...(controlProps as Omit<InputProps, keyof CommonProps | 'multiline'>)}
        />
      )}
      {description ? (
        <p id={descriptionId} className="text-sm text-gray-600">
          {description}
        </p>
      ) : null}
      {/* Always mounted, so an error that appears is announced politely. */}
      <p id={errorId} aria-live="polite" className="text-sm text-red-700 empty:hidden">
        {error}
      </p>
    </div>
  );
}
