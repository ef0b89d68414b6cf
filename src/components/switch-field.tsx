import { useId, type ReactNode, type Ref } from 'react';
import { Switch } from 'react-aria-components';
import { cx } from './cx';

/**
 * A labelled on/off switch with a sentence under it saying what it does (react-aria: a real checkbox
 * with role switch underneath, Space toggles it, the label is its accessible name, the sentence its
 * description). `inputRef` lets a form library focus it.
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
      <Switch
        isSelected={isSelected}
        onChange={onChange}
        isDisabled={isDisabled}
        name={name}
        inputRef={inputRef}
        onBlur={onBlur}
        aria-describedby={description ? descriptionId : undefined}
        className="group flex cursor-pointer items-start gap-3 text-[15px] font-medium text-gray-900 outline-none data-[disabled]:cursor-not-allowed"
      >
        <span
          aria-hidden="true"
          className={cx(
            'mt-0.5 flex h-6 w-11 shrink-0 items-center rounded-full bg-gray-300 p-0.5 transition-colors',
            'group-data-[selected]:bg-indigo-600 group-data-[pressed]:bg-gray-400 group-data-[selected]:group-data-[pressed]:bg-indigo-700',
            'group-data-[focus-visible]:ring-2 group-data-[focus-visible]:ring-indigo-500 group-data-[focus-visible]:ring-offset-2',
            'group-data-[disabled]:opacity-50',
          )}
        >
          <span className="size-5 rounded-full bg-white shadow-sm transition-transform group-data-[selected]:translate-x-5" />
        </span>
        <span className="min-w-0 pt-0.5 group-data-[disabled]:text-gray-500">{label}</span>
      </Switch>
      {description ? (
        <p id={descriptionId} className="pl-14 text-sm text-gray-600">
          {description}
        </p>
      ) : null}
    </div>
  );
}
