import { CHANNELS, type Channel } from '../../src/schemas/conversation.ts';
import type { Random } from '../state/random.ts';
import type { ConversationRecord, MessageRecord, StoreData } from '../state/types.ts';
import type { Shopper } from './people.ts';
import {
  BOT_SCRIPTS,
  HANDOFF_SCRIPTS,
  handoffTurn,
  staffFollowUp,
  type ScriptContext,
  type Turn,
} from './transcripts.ts';

const MINUTE = 60_000;
const RATINGS = [5, 5, 5, 4, 4, 4, 3, 2, 1, 1] as const;
/** Transcripts at least this long exist in the seed (virtualised lists, paging of messages). */
export const LONG_TRANSCRIPT_MIN = 30;

export interface ConversationSeedPlan {
  count: number;
  shoppers: readonly Shopper[];
  /** Positions (0 = newest) that get a transcript of at least LONG_TRANSCRIPT_MIN messages. */
  longAt: ReadonlySet<number>;
  handoffMessage: string;
  /** How far apart consecutive conversations start, in minutes. */
  spacingMinutes: number;
  /** The share of closed conversations; the demo's own mix (fewer among the newest) when left out. */
  closedShare?: number;
}

function externalId(rng: Random, channel: Channel): string {
  if (channel === 'messaging_a') return `+${rng.int(31, 49)}${rng.int(100_000_000, 999_999_999)}`;
  return rng.id(channel === 'website' ? 'wid' : 'mb');
}

function servedCount(turns: readonly Turn[]) {
  return turns.filter((turn) => turn.kind !== 'tool').length;
}

function longTranscript(ctx: ScriptContext): Turn[] {
  const turns: Turn[] = [];
  while (servedCount(turns) < LONG_TRANSCRIPT_MIN + ctx.rng.int(0, 12)) {
    turns.push(...ctx.rng.pick(BOT_SCRIPTS)(ctx));
  }
  return turns;
}

/** Fills `store` with `plan.count` conversations, newest first, all before `anchor`. */
export function seedConversations(
  store: StoreData,
  rng: Random,
  anchor: number,
  plan: ConversationSeedPlan,
): void {
  for (let position = 0; position < plan.count; position += 1) {
    const shopper = plan.shoppers[(position * 7) % plan.shoppers.length];
    if (shopper === undefined) throw new Error('seed needs shoppers');
    const channel = CHANNELS[position % CHANNELS.length] ?? 'website';
    const handedOver = rng.chance(0.35);
    const status = rng.chance(plan.closedShare ?? (position < 8 ? 0.1 : 0.45)) ? 'closed' : 'active';
    const assignee = (handedOver ? rng.chance(0.75) : rng.chance(0.15)) ? rng.pick(store.roster).id : null;
    const author = assignee ?? rng.pick(store.roster).id;
    const ctx: ScriptContext = {
      rng,
      products: store.products,
      currency: shopper.currency,
      shopper,
      staffFirstName: store.roster.find((member) => member.id === author)?.name.split(' ')[0] ?? 'Sam',
    };

    const turns = plan.longAt.has(position) ? longTranscript(ctx) : rng.pick(BOT_SCRIPTS)(ctx);
    let handoffState: 'bot' | 'human' = 'bot';
    if (handedOver) {
      turns.push(...rng.pick(HANDOFF_SCRIPTS)(ctx), handoffTurn(plan.handoffMessage));
      handoffState = 'human';
      if (status === 'closed' || rng.chance(0.6)) turns.push(...staffFollowUp(ctx));
      // Some conversations were handed back to the bot once staff had answered.
      if (turns.at(-1)?.kind === 'shopper' && rng.chance(0.25)) handoffState = 'bot';
    }

    const conversationId = rng.id('conv');
    let at = anchor - (position * plan.spacingMinutes + rng.int(5, 100)) * MINUTE;
    const createdAt = at;
    const timeline = turns.map((turn) => {
      at += turn.kind === 'staff' ? rng.int(3, 45) * MINUTE : rng.int(15, 240) * 1000;
      return { turn, at };
    });
    // Assignment, hand-back and closing happened a little after the last message.
    const touchedAt = at + (assignee !== null || status === 'closed' ? rng.int(1, 20) * MINUTE : 0);
    // Keep the whole conversation in the past, however long its transcript.
    const shift = Math.max(0, touchedAt - (anchor - MINUTE));
    const iso = (ms: number) => new Date(ms - shift).toISOString();
    const unattributed = rng.chance(0.15);
    const messages = timeline.map(({ turn, at: sentAt }): MessageRecord => {
      const rateable = turn.kind === 'bot' || turn.kind === 'staff';
      return {
        id: rng.id('msg'),
        conversation_id: conversationId,
        content: turn.text,
        created_at: iso(sentAt),
        role: turn.kind === 'shopper' ? 'user' : turn.kind === 'tool' ? 'tool' : 'assistant',
        author_user_id: turn.kind === 'staff' && !unattributed ? author : null,
        rating: rateable && rng.chance(turn.kind === 'staff' ? 0.3 : 0.22) ? rng.pick(RATINGS) : null,
      };
    });

    const conversation: ConversationRecord = {
      id: conversationId,
      assigned_to: assignee,
      channel,
      created_at: iso(createdAt),
      updated_at: iso(touchedAt),
      currency: shopper.currency,
      customer_id: shopper.email !== null && rng.chance(0.6) ? rng.id('cus') : null,
      display_name: shopper.display_name,
      email: shopper.email,
      handoff_state: handoffState,
      status,
      external_id: externalId(rng, channel),
    };
    store.conversations.set(conversation.id, conversation);
    store.messages.set(conversation.id, messages);
  }
}
