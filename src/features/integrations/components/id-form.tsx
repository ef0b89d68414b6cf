import { useRef, useState } from 'react';
import { Button } from '@/components/button';
import type { ButtonVariant } from '@/components/button-classes';
import { TextField } from '@/components/text-field';

/**
 * One id field and its button: the way into both tools of this page (there is no list route for
 * either resource). A blank id is refused here, with the focus put back in the field.
 */
export function IdForm({
  name,
  label,
  submitLabel,
  variant = 'secondary',
  missingMessage,
  value,
  onValueChange,
  onSubmitId,
  isSearch = false,
}: {
  /** The form's accessible name. */
  name: string;
  label: string;
  submitLabel: string;
  variant?: ButtonVariant;
  missingMessage: string;
  value: string;
  onValueChange: (value: string) => void;
  onSubmitId: (id: string) => void;
  isSearch?: boolean;
}) {
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  return (
    <form
      role={isSearch ? 'search' : undefined}
      aria-label={name}
      noValidate
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
      onSubmit={(event) => {
        event.preventDefault();
        const id = value.trim();
        if (id === '') {
          setError(missingMessage);
          input.current?.focus();
          return;
        }
        setError(undefined);
        onSubmitId(id);
      }}
    >
      <TextField
        ref={input}
        label={label}
        className="sm:w-80"
        value={value}
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="none"
        error={error}
        onChange={(event) => onValueChange(event.target.value)}
      />
      {/* The label above the field takes 26px (a 20px line and a 6px gap): the button lines up with the input. */}
      <Button type="submit" variant={variant} className="sm:mt-[26px]">
        {submitLabel}
      </Button>
    </form>
  );
}
