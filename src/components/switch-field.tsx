import { useId, type ReactNode, type Ref } from 'react';
import { cx } from './cx';

/**
 * A labelled on/off switch with a sentence under it saying what it does: a native checkbox with role
 * switch (Space toggles it, the label is its accessible name, the sentence its description), visually
 * hidden inside the label a person clicks. `inputRef` lets a form library focus it.
 */
export function SwitchField({
  label,
  description,
  isSelected,
  onChange,
  isDisabled,
  name,
  inputRef,
  onBlur,
  className,
}: {
  label: ReactNode;
  description?: ReactNode;
  isSelected: boolean;
  onChange: (isSelected: boolean) => void;
  isDisabled?: boolean;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  onBlur?: () => void;
  className?: string;
}) {
  const descriptionId = useId();
  return (
    <div className={cx('flex flex-col gap-1', className)}>
      <label
        className={cx(
          'group relative flex items-start gap-3 text-[15px] font-medium text-gray-900',
          isDisabled ? 'cursor-not-allowed' : 'cursor-pointer',
        )}
      >
        <input
          type="checkbox"
          role="switch"
          className="peer sr-only"
          checked={isSelected}
          onChange={(event) => onChange(event.target.checked)}
          disabled={isDisabled}
          name={name}
          ref={inputRef}
          onBlur={onBlur}
          aria-describedby={description ? descriptionId : undefined}
        />
        <span
          aria-hidden="true"
          className={cx(
            'mt-0.5 flex h-6 w-11 shrink-0 items-center rounded-full p-0.5 transition-colors',
            isSelected ? 'bg-indigo-600' : 'bg-gray-300',
            !isDisabled && (isSelected ? 'group-active:bg-indigo-700' : 'group-active:bg-gray-400'),
            'peer-focus-visible:ring-2 peer-focus-visible:ring-indigo-500 peer-focus-visible:ring-offset-2',
            isDisabled && 'opacity-50',
          )}
        >
          <span
            className={cx(
              'size-5 rounded-full bg-white shadow-sm transition-transform',
              isSelected && 'translate-x-5',
            )}
          />
        </span>
        <span className={cx('min-w-0 pt-0.5', isDisabled && 'text-gray-500')}>{label}</span>
      </label>
      {description ? (
        <p id={descriptionId} className="pl-14 text-sm text-gray-600">
          {description}
        </p>
      ) : null}
    </div>
  );
}
