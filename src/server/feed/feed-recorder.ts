import type { AgentConfig } from '../../schemas/agent-config.ts';
import type { Conversation } from '../../schemas/conversation.ts';
import type { Message } from '../../schemas/message.ts';
import type { ShopperMove } from '../snooze/snooze-store.ts';

/**
 * Where the feed reports what it read, for the dashboard's own copy and history (see
 * src/server/history/conversation-history.ts and src/server/kept-copies/config-versions.ts). Fire and forget: the feed
 * never waits for it, and its failures never stop the feed. `listing` is the store's listing (no known past), `walk` a change seen as it happened.
 */
export interface FeedRecorder {
  observed(conversation: Conversation, firstSight: 'listing' | 'walk'): void;
  messagesRead(messages: Message[]): void;
  /** The assistant's settings as read (the feed reads them now and then to learn of saves made elsewhere). */
  configRead(config: AgentConfig): void;
  /**
   * The history backfill has every transcript: what they prove about conversations met without their past
   * is recorded, after the messages reported before (those of the first pass among them).
   */
  caughtUp(): void;
  /**
   * These conversations' last shopper message moved (the read model's fold, once per feed step for all
   * of them): a snooze set before it wakes.
   */
  shoppersWrote(moves: ShopperMove[]): void;
  /**
   * Resolves once everything reported so far is recorded (or has failed): the feed waits for it only when
   * it stops, so a shutdown does not close the database under reports still on their way, which a
   * restart would then read from the store again.
   */
  settled(): Promise<void>;
}
