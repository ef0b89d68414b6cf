import { z } from 'zod/mini';
import { acceptLinkSchema, passwordChangeSchema } from '@/schemas/team';

// The password forms: the BFF's own rules (src/schemas/team.ts) and a second entry of the new password,
// which only the browser checks. The mismatch is said beside the second entry.
const sameTwice = (message: string) =>
  z.refine<{ password: string; repeat: string }>((values) => values.password === values.repeat, {
    error: message,
    path: ['repeat'],
  });

/** The account page's new password: the current one, the new one twice. */
export const passwordChangeFormSchema = z
  .strictObject({
    current_password: passwordChangeSchema.shape.current_password,
    password: passwordChangeSchema.shape.new_password,
    repeat: z.string(),
  })
  .check(sameTwice('The two new passwords differ.'));
export type PasswordChangeForm = z.infer<typeof passwordChangeFormSchema>;

/** Accepting a link: the name (invitations only) and the new password twice. */
export const acceptLinkFormSchema = z
  .strictObject({ ...acceptLinkSchema.shape, repeat: z.string() })
  .check(sameTwice('The two passwords differ.'));
