import { useId, type Ref } from 'react';
import { FieldError, Label, Radio, RadioGroup, Text } from 'react-aria-components';
import { cx } from './cx';

export interface RadioCardOption<Value extends string> {
  value: Value;
  label: string;
  description: string;
}

/**
 * A required choice shown as cards, each with a label and a line of description (react-aria's
 * RadioGroup: arrow keys move, the field error is announced). Controlled, for react-hook-form's
 * Controller; `firstInputRef` lets a form focus the group when it is invalid.
 */
export function RadioCardGroup<Value extends string>({
  label,
  description,
  options,
  value,
  onChange,
  onBlur,
  isReadOnly,
  isInvalid,
  errorMessage,
  firstInputRef,
}: {
  label: string;
  description?: string;
  options: readonly RadioCardOption<Value>[];
  value: Value | null;
  onChange: (value: Value) => void;
  onBlur?: () => void;
  isReadOnly?: boolean;
  isInvalid?: boolean;
  errorMessage?: string;
  firstInputRef?: Ref<HTMLInputElement>;
}) {
  const ids = useId();
  return (
    <RadioGroup
      value={value}
      onChange={(next) => onChange(next as Value)}
      onBlur={onBlur}
      isReadOnly={isReadOnly}
      isRequired
      isInvalid={isInvalid}
      validationBehavior="aria"
      className="space-y-2"
    >
      <Label className="block text-sm font-medium text-gray-800">{label}</Label>
      {description ? (
        <Text slot="description" className="block text-sm text-gray-600">
          {description}
        </Text>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        {options.map((option, index) => (
          <Radio
            key={option.value}
            value={option.value}
            aria-labelledby={`${ids}-${option.value}-label`}
            aria-describedby={`${ids}-${option.value}-description`}
            inputRef={index === 0 ? firstInputRef : undefined}
            className={({ isSelected, isFocusVisible, isInvalid: invalid }) =>
              cx(
                'flex cursor-pointer gap-3 rounded-lg px-4 py-3 ring-1 transition-colors ring-inset',
                isSelected
                  ? 'bg-indigo-50 ring-2 ring-indigo-600'
                  : 'bg-white ring-gray-300 hover:bg-gray-50',
                invalid && !isSelected && 'ring-red-400',
                isFocusVisible && 'outline-2 outline-offset-2 outline-indigo-600',
              )
            }
          >
            {({ isSelected }) => (
              <>
                <span
                  aria-hidden="true"
                  className={cx(
                    'mt-0.5 flex size-4 shrink-0 items-center justify-center rounded-full ring-1 ring-inset',
                    isSelected ? 'bg-indigo-600 ring-indigo-600' : 'bg-white ring-gray-400',
                  )}
                >
                  {isSelected ? <span className="size-1.5 rounded-full bg-white" /> : null}
                </span>
                <span>
                  <span
                    id={`${ids}-${option.value}-label`}
                    className="block text-[15px] font-medium text-gray-900"
                  >
                    {option.label}
                  </span>
                  <span id={`${ids}-${option.value}-description`} className="block text-sm text-gray-600">
                    {option.description}
                  </span>
                </span>
              </>
            )}
          </Radio>
        ))}
      </div>
      <FieldError className="block text-sm text-red-700">{errorMessage}</FieldError>
    </RadioGroup>
  );
}
