import { z } from 'zod/mini';

/**
 * What the inbox loads up front of a snooze (the dashboard's own data): the mark its rows carry and the
 * live `snooze` event. The requests that make and end snoozes are in snooze.ts, loaded with the menu.
 */

export const SNOOZE_WAKE_REASONS = ['time', 'shopper'] as const;
export type SnoozeWakeReason = (typeof SNOOZE_WAKE_REASONS)[number];

/**
 * A conversation's snooze as rows carry it. `woke` is null while it sleeps; once it woke it stays on
 * the row, as the mark "Snooze ended" or "Shopper replied", until someone opens the conversation,
 * snoozes it again, closes it or hands it back to the bot.
 */
export const conversationSnoozeSchema = z.looseObject({
  /** When it wakes by itself; null: only when the shopper writes. */
  until: z.nullable(z.string()),
  /** The store user id of who snoozed it. */
  snoozed_by: z.string(),
  snoozed_at: z.string(),
  woke: z.nullable(z.looseObject({ reason: z.enum(SNOOZE_WAKE_REASONS), at: z.string() })),
});
export type ConversationSnooze = z.infer<typeof conversationSnoozeSchema>;

/** Asleep now (not woken yet). */
export const isSnoozed = (snooze: ConversationSnooze | null | undefined): boolean =>
  snooze != null && snooze.woke === null;

/** A conversation that woke by itself, and whom to tell: its assignee, or when nobody is, who snoozed it. */
export const snoozeWakeSchema = z.looseObject({
  conversation_id: z.string(),
  reason: z.enum(SNOOZE_WAKE_REASONS),
  notify_user_id: z.string(),
  display_name: z.nullable(z.string()),
});
export type SnoozeWake = z.infer<typeof snoozeWakeSchema>;

/**
 * The live `snooze` event: these conversations were snoozed, woken or cleared (the client reads its
 * lists again). `woke` lists those that woke by themselves: all that woke at once are one event.
 */
export const snoozeEventSchema = z.looseObject({
  conversation_ids: z.array(z.string()),
  woke: z.optional(z.array(snoozeWakeSchema)),
});
export type SnoozeEvent = z.infer<typeof snoozeEventSchema>;
