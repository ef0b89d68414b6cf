import { and, eq, inArray, isNotNull, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { HistoryEntry } from '../../schemas/history.ts';
import type {
  ConversationSnooze,
  SnoozeEvent,
  SnoozeWake,
  SnoozeWakeReason,
} from '../../schemas/conversation-snooze.ts';
import type { PublishHistory } from '../history/conversation-history.ts';
import { toEntry } from '../history/history-rows.ts';
import { withDatabase, type Db } from '../db/database.ts';
import { conversationEvents, snoozes } from '../db/schema.ts';

/** Tells every dashboard that these conversations were snoozed, woken or cleared (the live `snooze` event). */
export type PublishSnooze = (event: SnoozeEvent) => Promise<void>;

/** What the read model knows of a conversation, for the notice of one that woke. */
export type WakeFacts = (
  conversationId: string,
) => Promise<{ assignedTo: string | null; displayName: string | null } | undefined>;

/**
 * A conversation to snooze, with its updated_at as the BFF knows it (the store's clock): every message
 * moves it, so a shopper message created after it is one written since.
 */
export interface SnoozeTarget {
  conversationId: string;
  shopperAfter: string;
}

/** The read model saw this conversation's last shopper message move to `lastShopperAt`. */
export interface ShopperMove {
  conversationId: string;
  lastShopperAt: string;
}

type SnoozeRow = typeof snoozes.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const snoozeOf = (row: SnoozeRow): ConversationSnooze => ({
  until: row.until?.toISOString() ?? null,
  snoozed_by: row.snoozedBy,
  snoozed_at: row.snoozedAt.toISOString(),
  woke: row.wokeAt && row.wakeReason ? { reason: row.wakeReason, at: row.wokeAt.toISOString() } : null,
});

/**
 * Snoozed conversations, in the dashboard's database. Every change a person makes and every wake is
 * recorded in the conversation's history in the same transaction, and published once committed (the
 * history entries and a `snooze` event). A wake is one conditional UPDATE (`woke_at is null`), so with
 * several replicas on one Postgres each snooze wakes exactly once, whoever tries.
 */
export class SnoozeStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly publish: { history: PublishHistory; snooze: PublishSnooze },
    private readonly facts: WakeFacts,
  ) {}

  /** Every snooze, asleep or woken and not yet seen, by conversation id (what the inbox's rows carry). */
  async byConversation(): Promise<Map<string, ConversationSnooze>> {
    const rows = await withDatabase(() => this.db.select().from(snoozes));
    return new Map(rows.map((row) => [row.conversationId, snoozeOf(row)]));
  }

  /** One conversation's snooze, asleep or woken and not yet seen; null when it has none. */
  async forConversation(conversationId: string): Promise<ConversationSnooze | null> {
    const [row] = await withDatabase(() =>
      this.db.select().from(snoozes).where(eq(snoozes.conversationId, conversationId)),
    );
    return row ? snoozeOf(row) : null;
  }

  /**
   * Snoozes these conversations until `until` (null: until the shopper writes), replacing a snooze they
   * had (asleep or woken). Answers the snooze each has now.
   */
  async snooze(
    targets: readonly SnoozeTarget[],
    until: Date | null,
    actorId: string,
  ): Promise<ConversationSnooze> {
    const at = new Date(this.now());
    const entries = await withDatabase(() =>
      this.db.transaction(async (tx) => {
        for (const target of targets) {
          const row = {
            conversationId: target.conversationId,
            snoozedBy: actorId,
            snoozedAt: at,
            until,
            shopperAfter: new Date(target.shopperAfter),
            wokeAt: null,
            wakeReason: null,
          };
          await tx
            .insert(snoozes)
            .values(row)
            .onConflictDoUpdate({
              target: snoozes.conversationId,
              set: { ...row, conversationId: undefined },
            });
        }
        return this.record(
          tx,
          targets.map((target) => target.conversationId),
          'snoozed',
          actorId,
          { until: until?.toISOString() ?? null },
          at,
        );
      }),
    );
    await this.announce(entries, { conversation_ids: targets.map((target) => target.conversationId) });
    return {
      until: until?.toISOString() ?? null,
      snoozed_by: actorId,
      snoozed_at: at.toISOString(),
      woke: null,
    };
  }

  /**
   * A person ends the snooze: one asleep is woken ("X woke it"), a woken one's mark is dismissed. False
   * when the conversation has no snooze.
   */
  async unsnooze(conversationId: string, actorId: string): Promise<boolean> {
    const at = new Date(this.now());
    const outcome = await withDatabase(() =>
      this.db.transaction(async (tx) => {
        const [row] = await tx.delete(snoozes).where(eq(snoozes.conversationId, conversationId)).returning();
        if (!row) return undefined;
        return row.wokeAt ? [] : this.record(tx, [conversationId], 'unsnoozed', actorId, {}, at);
      }),
    );
    if (outcome === undefined) return false;
    await this.announce(outcome, { conversation_ids: [conversationId] });
    return true;
  }

  /** Someone opened the conversation: a woken snooze's mark has been seen (one asleep stays asleep). */
  async dismissWoken(conversationId: string): Promise<void> {
    const rows = await withDatabase(() =>
      this.db
        .delete(snoozes)
        .where(and(eq(snoozes.conversationId, conversationId), isNotNull(snoozes.wokeAt)))
        .returning({ conversationId: snoozes.conversationId }),
    );
    if (rows.length > 0) await this.publish.snooze({ conversation_ids: [conversationId] });
  }

  /** Wakes every snooze whose time has come (the waker calls this with the app's clock). */
  async wakeDue(): Promise<number> {
    const at = new Date(this.now());
    return this.wake('time', at, and(isNull(snoozes.wokeAt), lte(snoozes.until, at))!);
  }

  /**
   * Wakes the snoozes of conversations whose shopper wrote after the snooze was set: the read model's
   * last shopper message is newer than the conversation's last change then. Reading a transcript for the
   * first time (after a start) wakes nothing it held already.
   */
  async wakeOnShopper(moves: readonly ShopperMove[]): Promise<number> {
    if (moves.length === 0) return 0;
    const latest = JSON.stringify(
      Object.fromEntries(moves.map((move) => [move.conversationId, move.lastShopperAt])),
    );
    return this.wake(
      'shopper',
      new Date(this.now()),
      and(
        isNull(snoozes.wokeAt),
        inArray(
          snoozes.conversationId,
          moves.map((move) => move.conversationId),
        ),
        sql`${snoozes.shopperAfter} < (${latest}::jsonb ->> ${snoozes.conversationId})::timestamptz`,
      )!,
    );
  }

  /**
   * One UPDATE wakes what `which` selects (the row's lock makes a second replica's UPDATE see it woken
   * and skip it), and the history records each wake in the same transaction.
   */
  private async wake(reason: SnoozeWakeReason, at: Date, which: SQL): Promise<number> {
    const { woken, entries } = await withDatabase(() =>
      this.db.transaction(async (tx) => {
        const rows = await tx
          .update(snoozes)
          .set({ wokeAt: at, wakeReason: reason })
          .where(which)
          .returning();
        const ids = rows.map((row) => row.conversationId);
        return { woken: rows, entries: await this.record(tx, ids, 'snooze_ended', null, { reason }, at) };
      }),
    );
    if (woken.length === 0) return 0;
    const notices: SnoozeWake[] = [];
    for (const row of woken) {
      const facts = await this.facts(row.conversationId).catch(() => undefined);
      notices.push({
        conversation_id: row.conversationId,
        reason,
        notify_user_id: facts?.assignedTo ?? row.snoozedBy,
        display_name: facts?.displayName ?? null,
      });
    }
    // However many woke at once, two events: a wave of wakes must not flush the replay window.
    await this.announce(entries, {
      conversation_ids: woken.map((row) => row.conversationId),
      woke: notices,
    });
    return woken.length;
  }

  /** One history entry per conversation, at `at`; the version names the moment, so each is its own entry. */
  private async record(
    tx: Tx,
    conversationIds: readonly string[],
    kind: 'snoozed' | 'unsnoozed' | 'snooze_ended',
    actorId: string | null,
    detail: Record<string, string | null>,
    at: Date,
  ): Promise<HistoryEntry[]> {
    if (conversationIds.length === 0) return [];
    const rows = await tx
      .insert(conversationEvents)
      .values(
        conversationIds.map((conversationId) => ({
          conversationId,
          kind,
          version: `snooze@${at.toISOString()}`,
          actorUserId: actorId,
          detail,
          at,
        })),
      )
      .onConflictDoNothing()
      .returning();
    return rows.map(toEntry);
  }

  /** One history event and one `snooze` event, however many conversations the change is of. */
  private async announce(entries: HistoryEntry[], event: SnoozeEvent): Promise<void> {
    await this.publish.history(entries);
    await this.publish.snooze(event);
  }
}
