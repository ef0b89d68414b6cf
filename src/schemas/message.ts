import { z } from 'zod';
import { idSchema, timestampSchema } from './common.ts';

export const MESSAGE_ROLES = ['user', 'assistant'] as const;
export const messageRoleSchema = z.enum(MESSAGE_ROLES);

export const messageSchema = z.looseObject({
  id: idSchema,
  conversation_id: idSchema,
  content: z.string(),
  created_at: timestampSchema,
  /** `user` is the shopper; the store (bot or staff) is `assistant`. */
  role: messageRoleSchema,
  /** Staff author of a reply; null for the assistant or an unattributed reply. */
  author_user_id: z.string().nullable(),
  /** The shopper's 1-5 stars; null when unrated, never 0. */
  rating: z.number().int().min(1).max(5).nullable(),
});
export type Message = z.infer<typeof messageSchema>;

/** POST .../messages body. A blank reply is refused; `role` is refused by name. */
export const messageCreateSchema = z.strictObject({
  content: z.string().refine((content) => content.trim() !== '', { message: 'A reply cannot be blank.' }),
  author_user_id: z.string().nullable().optional(),
});
export type MessageCreate = z.infer<typeof messageCreateSchema>;
export const MESSAGE_READ_ONLY_FIELDS = ['role'] as const;
