import type { Conversation } from '../../schemas/conversation.ts';
import type { FeedState } from '../inbox/feed-checkpoint.ts';
import { Halt, readConversationPage, type FeedRead } from './feed-read.ts';

/** Pages of one walk per step; a longer walk (a catch-up) resumes from its cursor at the next step. */
const WALK_PAGES_PER_STEP = 5;
/** The first walk starts this far before the store's clock, so a change made just before is not missed. */
const FIRST_WALK_LOOKBACK_MS = 30_000;

const ms = (timestamp: string) => Date.parse(timestamp);

/**
 * The feed's walk over the store's conversations: `updated_after` from its watermark, ascending,
 * at-or-after, so ties come back and are dropped here by id and version. Hands each changed
 * conversation on once; a long walk continues from its cursor at the next step.
 */
export class ConversationWalk {
  /** The greatest updated_at seen (the store's clock, never the browser's). */
  private watermark: string | undefined;
  /** A walk in progress across steps: the `updated_after` it started with and where it stopped. */
  private walk: { from: string; cursor: string } | undefined;
  /** id -> updated_at of the conversations at the watermark (they come back at the next walk). */
  private readonly seen = new Map<string, string>();

  constructor(
    private readonly read: FeedRead,
    private readonly onChanged: (conversation: Conversation) => Promise<void>,
  ) {}

  get hasStarted(): boolean {
    return this.watermark !== undefined;
  }

  /** The first walk starts shortly before the store's "now" (its Date header), not at the beginning of time. */
  startAt(storeNowMs: number): void {
    this.watermark = new Date(storeNowMs - FIRST_WALK_LOOKBACK_MS).toISOString();
  }

  /** Where the previous reader left off (its checkpoint). */
  restore(state: Pick<FeedState, 'watermark' | 'seen'>): void {
    this.watermark = state.watermark;
    this.walk = undefined;
    this.seen.clear();
    for (const [id, updatedAt] of state.seen) this.seen.set(id, updatedAt);
  }

  /** What the next reader needs to resume here; undefined before the first walk. */
  state(): Pick<FeedState, 'watermark' | 'seen'> | undefined {
    return this.watermark === undefined ? undefined : { watermark: this.watermark, seen: [...this.seen] };
  }

  /** Up to WALK_PAGES_PER_STEP pages of the walk; resolves to how many changed conversations it handed on. */
  async step(): Promise<number> {
    const from = this.walk?.from ?? this.watermark!;
    let cursor = this.walk?.cursor;
    let changed = 0;
    for (let pages = 0; pages < WALK_PAGES_PER_STEP; pages += 1) {
      const page = await readConversationPage(this.read, {
        updated_after: from,
        ...(cursor ? { after: cursor } : {}),
      });
      if (!page) throw new Halt({ kind: 'failed', reason: 'no conversation page' });
      for (const conversation of page.items) if (await this.onConversation(conversation)) changed += 1;
      cursor = page.next;
      if (!cursor) {
        this.walk = undefined;
        this.finish();
        return changed;
      }
      this.walk = { from, cursor };
    }
    return changed;
  }

  /**
   * Duplicates (the same id at the same updated_at, from a tie or a mid-walk change seen twice) and stale
   * copies are dropped; the rest move the watermark and go on (true).
   */
  private async onConversation(conversation: Conversation): Promise<boolean> {
    const known = this.seen.get(conversation.id);
    if (known !== undefined && ms(conversation.updated_at) <= ms(known)) return false;
    this.seen.set(conversation.id, conversation.updated_at);
    if (ms(conversation.updated_at) > ms(this.watermark!)) this.watermark = conversation.updated_at;
    await this.onChanged(conversation);
    return true;
  }

  /** Only conversations at the watermark can come back unchanged (at-or-after): forget the rest. */
  private finish(): void {
    const mark = ms(this.watermark!);
    for (const [id, updatedAt] of this.seen) if (ms(updatedAt) < mark) this.seen.delete(id);
  }
}
