import { z } from 'zod';
import { rfc3339Schema, idSchema, timestampSchema } from './common.ts';
import { PAGE_SIZE_MAX, PAGE_SIZE_MIN } from './limits.ts';

export const CHANNELS = ['website', 'messaging_a', 'messaging_b'] as const;
export const CONVERSATION_STATUSES = ['active', 'closed'] as const;
export const HANDOFF_STATES = ['bot', 'human'] as const;

export const channelSchema = z.enum(CHANNELS);
export const conversationStatusSchema = z.enum(CONVERSATION_STATUSES);
export const handoffStateSchema = z.enum(HANDOFF_STATES);
export type Channel = z.infer<typeof channelSchema>;
export type ConversationStatus = z.infer<typeof conversationStatusSchema>;
export type HandoffState = z.infer<typeof handoffStateSchema>;

export const conversationSchema = z.looseObject({
  id: idSchema,
  assigned_to: z.string().nullable(),
  channel: channelSchema,
  created_at: timestampSchema,
  updated_at: timestampSchema,
  currency: z.string(),
  /** Type of the non-null value: not shown by the spec. */
  customer_id: z.unknown().nullable(),
  display_name: z.string().nullable(),
  email: z.string().nullable(),
  handoff_state: handoffStateSchema,
  status: conversationStatusSchema,
});
export type Conversation = z.infer<typeof conversationSchema>;

/** PUT /api/v1/agent-conversations/{id}: the three state fields together, assigned_to key required. */
export const conversationUpdateSchema = z.strictObject({
  status: conversationStatusSchema,
  handoff_state: handoffStateSchema,
  assigned_to: z.string().nullable(),
});
export type ConversationUpdate = z.infer<typeof conversationUpdateSchema>;
/** Keys the PUT refuses by name (invalid_body reason read_only_field). */
export const CONVERSATION_READ_ONLY_FIELDS = ['channel', 'email', 'customer_id'] as const;

const limitParam = z
  .string()
  .regex(/^\d+$/)
  .transform(Number)
  .pipe(z.number().int().min(PAGE_SIZE_MIN).max(PAGE_SIZE_MAX));

/** GET /api/v1/agent-conversations query; every parameter optional, nothing clamped. */
export const conversationListQuerySchema = z.strictObject({
  status: conversationStatusSchema.optional(),
  handoff_state: handoffStateSchema.optional(),
  channel: channelSchema.optional(),
  /** Must be a roster member; an empty value is a 400, not "no filter". */
  assigned_to: z.string().min(1).optional(),
  updated_after: rfc3339Schema.optional(),
  limit: limitParam.optional(),
  after: z.string().min(1).optional(),
});
export type ConversationListQuery = z.input<typeof conversationListQuerySchema>;

/** Query of the nested messages list and of any list with only limit and after. */
export const pageQuerySchema = z.strictObject({
  limit: limitParam.optional(),
  after: z.string().min(1).optional(),
});
export { limitParam };
