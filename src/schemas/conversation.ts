import { z } from 'zod/mini';
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
  assigned_to: z.nullable(z.string()),
  channel: channelSchema,
  created_at: timestampSchema,
  updated_at: timestampSchema,
  currency: z.string(),
  /** Type of the non-null value: not shown by the spec. */
  customer_id: z.nullable(z.unknown()),
  display_name: z.nullable(z.string()),
  email: z.nullable(z.string()),
  handoff_state: handoffStateSchema,
  status: conversationStatusSchema,
});
export type Conversation = z.infer<typeof conversationSchema>;

/** PUT /api/v1/agent-conversations/{id}: the three state fields together, assigned_to key required. */
export const conversationUpdateSchema = z.strictObject({
  status: conversationStatusSchema,
  handoff_state: handoffStateSchema,
  assigned_to: z.nullable(z.string()),
});
export type ConversationUpdate = z.infer<typeof conversationUpdateSchema>;
/** Keys the PUT refuses by name (invalid_body reason read_only_field). */
export const CONVERSATION_READ_ONLY_FIELDS = ['channel', 'email', 'customer_id'] as const;

const limitParam = z.pipe(
  z.pipe(z.string().check(z.regex(/^\d+$/)), z.transform(Number)),
  z.int().check(z.minimum(PAGE_SIZE_MIN), z.maximum(PAGE_SIZE_MAX)),
);

/** GET /api/v1/agent-conversations query; every parameter optional, nothing clamped. */
export const conversationListQuerySchema = z.strictObject({
  status: z.optional(conversationStatusSchema),
  handoff_state: z.optional(handoffStateSchema),
  channel: z.optional(channelSchema),
  /** Must be a roster member; an empty value is a 400, not "no filter". */
  assigned_to: z.optional(z.string().check(z.minLength(1))),
  updated_after: z.optional(rfc3339Schema),
  limit: z.optional(limitParam),
  after: z.optional(z.string().check(z.minLength(1))),
});
export type ConversationListQuery = z.input<typeof conversationListQuerySchema>;

/** Query of the nested messages list and of any list with only limit and after. */
export const pageQuerySchema = z.strictObject({
  limit: z.optional(limitParam),
  after: z.optional(z.string().check(z.minLength(1))),
});
export { limitParam };
