import type { FieldValues, Path, UseFormSetError, UseFormSetFocus } from 'react-hook-form';
import { isApiError } from './api-error';

/** The form field a server refusal names (`error.field`), when it is one of `fields`. */
export function refusedField<Name extends string>(error: unknown, fields: readonly Name[]): Name | null {
  if (!isApiError(error) || error.field === undefined) return null;
  return fields.find((field) => field === error.field) ?? null;
}

/**
 * Puts a refusal that names one of the form's fields beside that field, with the focus in it; the form
 * says any other failure once, in its alert (`refusedField(error, fields) === null`).
 */
export function showRefusalOnField<Values extends FieldValues>(
  error: unknown,
  fields: readonly Path<Values>[],
  form: { setError: UseFormSetError<Values>; setFocus: UseFormSetFocus<Values> },
): void {
  const field = refusedField(error, fields);
  if (field === null || !isApiError(error)) return;
  form.setError(field, { message: error.message });
  form.setFocus(field);
}
