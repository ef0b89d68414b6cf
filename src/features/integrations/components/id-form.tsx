import { zodResolver } from '@hookform/resolvers/zod';
import type { ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import { Button } from '@/components/button';
import type { ButtonVariant } from '@/components/button-classes';
import { TextField } from '@/components/text-field';

const idSchema = (missingMessage: string) =>
  z.strictObject({ id: z.string().check(z.trim(), z.minLength(1, missingMessage)) });

/**
 * One id field and its button: the way into both tools of this page (there is no list route for
 * either resource). A blank id is refused here, with the focus put back in the field. The value is the
 * caller's (kept in the address, or emptied after a removal); the form follows it.
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
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(idSchema(missingMessage)),
    values: { id: value },
    // The caller's value follows every keystroke: that is no reason to drop the error shown.
    resetOptions: { keepErrors: true },
  });
  return (
    <form
      role={isSearch ? 'search' : undefined}
      aria-label={name}
      noValidate
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
      onSubmit={(event) => void handleSubmit(({ id }) => onSubmitId(id))(event)}
    >
      <TextField
        {...register('id', {
          onChange: (event: ChangeEvent<HTMLInputElement>) => onValueChange(event.target.value),
        })}
        label={label}
        className="sm:w-80"
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="none"
        error={formState.errors.id?.message}
      />
      {/* The label above the field takes 26px (a 20px line and a 6px gap): the button lines up with the input. */}
      <Button type="submit" variant={variant} className="sm:mt-[26px]">
        {submitLabel}
      </Button>
    </form>
  );
}
