import type { Conversation } from '../../schemas/conversation.ts';
import {
  PREVIEW_MAX_CHARS,
  type ConversationDerived,
  type ConversationSummary,
  type LastMessage,
} from '../../schemas/inbox.ts';
import { needsPerson } from '../../schemas/inbox-rules.ts';
import type { Message } from '../../schemas/message.ts';

/**
 * What the read model keeps of a transcript, folded message by message (oldest first), so a change costs
 * the new messages only. JSON-safe, for a shared store.
 *
 * The transcript after the last staff reply is cut into segments by the bot's messages; `current` is the
 * first shopper message of the last segment, `previous` that of the one before it.
 */
export interface TranscriptFold {
  lastMessage: LastMessage | null;
  lastShopperAt: string | null;
  current: string | null;
  previous: string | null;
  /** Bot messages since the last staff reply. */
  botMessages: number;
}

export const EMPTY_FOLD: TranscriptFold = {
  lastMessage: null,
  lastShopperAt: null,
  current: null,
  previous: null,
  botMessages: 0,
};

/** One line, at most PREVIEW_MAX_CHARS characters (an ellipsis marks a cut). */
export function previewOf(content: string): string {
  const line = content.replace(/\s+/g, ' ').trim();
  const chars = [...line];
  if (chars.length <= PREVIEW_MAX_CHARS) return line;
  return `${chars
    .slice(0, PREVIEW_MAX_CHARS - 1)
    .join('')
    .trimEnd()}…`;
}

export function foldMessage(fold: TranscriptFold, message: Message): TranscriptFold {
  const lastMessage: LastMessage = {
    preview: previewOf(message.content),
    role: message.role,
    author_user_id: message.author_user_id,
    created_at: message.created_at,
  };
  if (message.role === 'user') {
    return {
      ...fold,
      lastMessage,
      lastShopperAt: message.created_at,
      current: fold.current ?? message.created_at,
    };
  }
  // A staff reply answers everything before it.
  if (message.author_user_id !== null)
    return { ...EMPTY_FOLD, lastMessage, lastShopperAt: fold.lastShopperAt };
  return {
    ...fold,
    lastMessage,
    previous: fold.current,
    current: null,
    botMessages: fold.botMessages + 1,
  };
}

/**
 * "Waiting since": when the shopper began waiting for a person. Defined as follows.
 * - Only for an active, human-handled conversation; null otherwise (the bot answers, or it is closed).
 * - A staff reply (an assistant message with an author) answers every shopper message before it.
 * - The bot's messages answer the shopper messages before them, except the bot's LAST message: once a
 *   person has the conversation the bot is silent, so its last message is the hand-over notice (or the
 *   answer that made staff take over), which is no answer from a person.
 * - So: the first shopper message after the last staff reply and after the bot's second-to-last message
 *   (when there is one since that reply); null when there is none.
 * Only shoppers move it: assigning, taking over again or a note by the bot never resets it; a staff reply
 * clears it, and the shopper's next message starts it again.
 */
export function waitingSince(conversation: Conversation, fold: TranscriptFold): string | null {
  if (conversation.status !== 'active' || conversation.handoff_state !== 'human') return null;
  if (fold.botMessages === 0) return fold.current;
  return fold.previous ?? fold.current;
}

export function derive(conversation: Conversation, fold: TranscriptFold): ConversationDerived {
  return {
    last_message: fold.lastMessage,
    last_shopper_message_at: fold.lastShopperAt,
    waiting_since: waitingSince(conversation, fold),
  };
}

/** One conversation in the read model: the API's copy and the fold of its transcript (once read). */
export interface ReadModelRecord {
  conversation: Conversation;
  fold: TranscriptFold;
  /** The transcript was read to its end at least once (a preview is known, or there is none). */
  read: boolean;
  /** When the BFF saw it handed to a person (its updated_at then); null when it needs none. */
  handedOverAt?: string | null;
}

/**
 * When a conversation was handed to a person, given the model's previous copy: the change that made it
 * need one, or the previous copy's time while it still does. A conversation first seen by the first pass
 * (`known: false`) may have waited for long, so it is no handoff the BFF saw happen.
 */
export function handedOverAt(
  previous: ReadModelRecord | undefined,
  conversation: Conversation,
  known: boolean,
): string | null {
  if (!needsPerson(conversation)) return null;
  if (previous === undefined) return known ? conversation.updated_at : null;
  return needsPerson(previous.conversation) ? (previous.handedOverAt ?? null) : conversation.updated_at;
}

/** What the model adds to the API's copy: the transcript's fold and when it was handed to a person. */
export function derivedOf(record: ReadModelRecord): ConversationDerived {
  return { ...derive(record.conversation, record.fold), handed_over_at: record.handedOverAt ?? null };
}

/** The `conversation` event every dashboard gets for a record: the API's copy and what the model adds. */
export const conversationEventOf = (record: ReadModelRecord) => ({
  ...record.conversation,
  summary: derivedOf(record),
});

/** A restored store mints its ids again: the same id created at another time is another conversation. */
export const sameConversation = (record: ReadModelRecord, conversation: Conversation) =>
  record.conversation.created_at === conversation.created_at;

export function summaryOf(record: ReadModelRecord): ConversationSummary {
  return { conversation: record.conversation, ...derivedOf(record) };
}
