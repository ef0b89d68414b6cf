import { z } from 'zod/mini';
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
  author_user_id: z.nullable(z.string()),
  /** The shopper's 1-5 stars; null when unrated, never 0. */
  rating: z.nullable(z.int().check(z.minimum(1), z.maximum(5))),
});
export type Message = z.infer<typeof messageSchema>;

/** POST .../messages body. A blank reply is refused; `role` is refused by name. */
export const messageCreateSchema = z.strictObject({
  content: z
    .string()
    .check(z.refine((content) => content.trim() !== '', { message: 'A reply cannot be blank.' })),
  author_user_id: z.optional(z.nullable(z.string())),
});
export type MessageCreate = z.infer<typeof messageCreateSchema>;
export const MESSAGE_READ_ONLY_FIELDS = ['role'] as const;
