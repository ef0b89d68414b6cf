import { conversationSchema, type Conversation } from '../../schemas/conversation.ts';
import type { ConversationSnooze } from '../../schemas/conversation-snooze.ts';
import { isOpenFor } from '../../schemas/inbox-rules.ts';
import type { ConversationHistory } from '../history/conversation-history.ts';
import { readBudget, type RateBudget } from '../store-api/rate-budget.ts';
import type { Logger } from '../log/logger.ts';
import type { ReadSnoozes } from '../inbox/inbox-service.ts';
import { marksOf } from '../inbox/inbox-query.ts';
import type { ReadModelStore } from '../inbox/read-model-store.ts';
import { waitingSince } from '../inbox/read-model.ts';
import type { ConversationLocks } from '../proxy/conversation-locks.ts';
import type { KeyProvider } from '../store-api/key-provider.ts';
import type { UpstreamClient } from '../store-api/upstream-client.ts';
import type { DirectoryUser, UserDirectory } from '../users/directory.ts';
import { openConversationsOf, openCountsByPerson } from './open-counts.ts';
import { pickAssignee } from './pick-assignee.ts';
import type { TeamAvailability } from './team-availability.ts';

export interface AutoAssignerDeps {
  upstream: UpstreamClient;
  keys: KeyProvider;
  readModel: ReadModelStore;
  locks: ConversationLocks;
  directory: UserDirectory;
  team: () => Promise<TeamAvailability>;
  history: () => Promise<ConversationHistory>;
  logger: Logger;
  now: () => number;
  /** Share of the store's rate-limit window left for the dashboards' own requests (the feed's). */
  reserveShare: number;
  /** The snoozed conversations (none without a database): a snoozed one is no one's open conversation. */
  snoozes?: ReadSnoozes;
  /** Told, under the conversation's lock, of each conversation written (the inbox applies it); never fails. */
  conversationWritten?: (conversation: Conversation) => Promise<void>;
}

/** What one step did: the upstream requests it made, and the budget the last answer announced. */
export interface AssignmentStep {
  requests: number;
  budget: RateBudget | undefined;
}

/**
 * The store's clock (a handoff's time) and this server's (when a person's write was recorded) may differ
 * a little: a person's write this long before the handoff still counts as after it.
 */
const CLOCK_MARGIN_MS = 60_000;

/** Conversations handled at most per step (two requests each): the rest wait for the next step. */
const MAX_PER_STEP = 5;

type Rewrite = { outcome: 'written'; conversation: Conversation } | { outcome: 'skipped' | 'throttled' };

const isOpenHuman = (conversation: Conversation) =>
  conversation.status === 'active' && conversation.handoff_state === 'human';

const target = (id: string) => `/api/v1/agent-conversations/${encodeURIComponent(id)}`;

/**
 * Automatic assignment: gives each conversation that waits for a person with nobody assigned to an
 * available teammate, oldest waiting first. It runs after the store feed's steps, so only the replica
 * holding the feed lease runs it, paced with the feed. Each write is made under the conversation's lock
 * (a person's update through the dashboard waits meanwhile), after a fresh read that skips a conversation
 * someone assigned already, with an Idempotency-Key naming the conversation and the version it read: two
 * attempts at the same hand-over (replicas around a lease hand-over, a retry) apply once upstream.
 */
export class AutoAssigner {
  private requests = 0;
  private budget: RateBudget | undefined;

  constructor(private readonly deps: AutoAssignerDeps) {}

  /** One pass over the waiting conversations, within what the store's budget leaves (`budget`: the feed's). */
  async step(budget: RateBudget | undefined): Promise<AssignmentStep> {
    this.requests = 0;
    this.budget = budget;
    const team = await this.deps.team();
    const { settings, enabledSince: since } = await team.stored();
    if (!settings.enabled || since === null) return { requests: 0, budget: undefined };
    const records = await this.deps.readModel.all();
    const waits = ({ conversation: c }: (typeof records)[number]) =>
      isOpenHuman(c) && c.assigned_to === null && Date.parse(c.updated_at) >= since;
    const unassigned = records.filter(waits);
    if (unassigned.length === 0) return { requests: 0, budget: undefined };
    // Only handoffs from the assistant that no person has taken, replied to or assigned since.
    const handedOver = new Map(
      unassigned.map((record) => [
        record.conversation.id,
        Date.parse(record.handedOverAt ?? record.conversation.updated_at) - CLOCK_MARGIN_MS,
      ]),
    );
    const actedOn = (ids: Map<string, number>) =>
      this.deps.history().then((history) => history.actedOnByPeople(ids));
    const people = await actedOn(handedOver);
    const waiting = unassigned
      .filter((record) => !people.has(record.conversation.id))
      .map((record) => ({
        id: record.conversation.id,
        since: Date.parse(waitingSince(record.conversation, record.fold) ?? record.conversation.updated_at),
      }))
      .sort((a, b) => a.since - b.since || a.id.localeCompare(b.id));
    if (waiting.length === 0) return { requests: 0, budget: undefined };

    const openCounts = openCountsByPerson(records, await this.snoozes());
    const roster = this.deps.directory.roster();
    const names = new Map(roster.map((member) => [member.id, member.name]));
    const teammates = await team.of(roster.map((member) => member.id));

    for (const { id } of waiting.slice(0, MAX_PER_STEP)) {
      if (!this.mayspend()) break;
      const person = pickAssignee(teammates, openCounts, settings);
      if (!person) break;
      // Asked again under the lock: a person's write just before it is recorded by now.
      const result = await this.rewrite(
        id,
        async (fresh) =>
          isOpenHuman(fresh) &&
          fresh.assigned_to === null &&
          !(await actedOn(new Map([[id, handedOver.get(id) ?? 0]]))).has(id),
        person.userId,
        'auto-assign',
      );
      if (result.outcome !== 'written') {
        if (result.outcome === 'throttled') break;
        continue;
      }
      const written = result.conversation;
      openCounts.set(person.userId, (openCounts.get(person.userId) ?? 0) + 1);
      person.lastAssignedMs = this.deps.now();
      await team.noteAssigned(person.userId);
      await this.record(() =>
        this.deps.history().then((h) => h.assignedAutomatically(written, settings.strategy)),
      );
      this.deps.logger.info(
        { event: 'assignment.automatic', conversation_id: id, assignee: person.userId },
        `assigned to ${names.get(person.userId) ?? person.userId} automatically`,
      );
    }
    return { requests: this.requests, budget: this.budget };
  }

  /**
   * After a person's reply through the dashboard: a conversation handled by a person with nobody assigned
   * becomes theirs (read fresh under its lock), unless the owner turned this off; recorded as their change.
   */
  async assignReplier(user: DirectoryUser, conversationId: string): Promise<void> {
    const { settings } = await (await this.deps.team()).stored();
    if (settings.reply_assigns === false) return;
    const result = await this.rewrite(
      conversationId,
      (fresh) => isOpenHuman(fresh) && fresh.assigned_to === null,
      user.id,
      'reply-assign',
    );
    if (result.outcome !== 'written') return;
    const written = result.conversation;
    await this.record(() =>
      this.deps.history().then((h) =>
        h.dashboardWrote({
          actor: { id: user.id, email: user.email },
          conversationId: written.id,
          action: 'update_conversation',
          status: 200,
          conversation: written,
        }),
      ),
    );
  }

  /** Each teammate's open conversations, counted as "Mine" counts them. */
  async openCounts(): Promise<Map<string, number>> {
    return openCountsByPerson(await this.deps.readModel.all(), await this.snoozes());
  }

  private snoozes(): Promise<ReadonlyMap<string, ConversationSnooze>> {
    return this.deps.snoozes?.() ?? Promise.resolve(new Map());
  }

  /** The conversations open for this person, as "Mine" counts them. */
  async heldBy(userId: string): Promise<string[]> {
    return openConversationsOf(await this.deps.readModel.all(), await this.snoozes(), userId);
  }

  /**
   * Going away: these conversations of the person's (heldBy, charged to them already) go back to
   * Unassigned, those still theirs when read fresh, so that they are assigned again; it stops where the
   * store's budget comes to the dashboards' reserve. Returns how many were handed back.
   */
  async handBack(user: DirectoryUser, conversationIds: readonly string[]): Promise<number> {
    const snoozes = await this.snoozes();
    let handedBack = 0;
    for (const [index, id] of conversationIds.entries()) {
      // Judged by the store's budget as the previous answer announced it (what is known before may be old).
      if (index > 0 && !this.mayspend()) break;
      const marks = marksOf({ tags: undefined, snoozes }, id);
      const result = await this.rewrite(id, (fresh) => isOpenFor(fresh, user.id, marks), null, 'hand-back');
      if (result.outcome === 'throttled') break;
      if (result.outcome !== 'written') continue;
      handedBack += 1;
      const written = result.conversation;
      await this.record(() =>
        this.deps.history().then((h) =>
          h.dashboardWrote({
            actor: { id: user.id, email: user.email },
            conversationId: written.id,
            action: 'away_hand_back',
            status: 200,
            conversation: written,
          }),
        ),
      );
    }
    return handedBack;
  }

  /** The store has applied the write: a failure to record it is logged, never undone. */
  private async record(work: () => Promise<void>): Promise<void> {
    await work().catch((error: unknown) =>
      this.deps.logger.warn({ err_message: (error as Error).message }, 'recording an assignment failed'),
    );
  }

  /** Whether two more requests fit in what the budget leaves after the dashboards' reserve. */
  private mayspend(): boolean {
    if (!this.budget) return true;
    const reserve = Math.ceil(this.budget.limit * this.deps.reserveShare);
    return this.budget.remaining - reserve >= 2;
  }

  /**
   * Under the conversation's lock: reads it fresh and, when `still` holds, writes `assignedTo` with a key
   * naming this version (`purpose:id:updated_at`).
   */
  private rewrite(
    id: string,
    still: (fresh: Conversation) => boolean | Promise<boolean>,
    assignedTo: string | null,
    purpose: string,
  ): Promise<Rewrite> {
    return this.deps.locks.run(id, async () => {
      const read = await this.send('GET', target(id));
      if (read.kind === 'throttled') return { outcome: 'throttled' };
      const fresh = read.kind === 'ok' ? conversationSchema.safeParse(read.data) : undefined;
      if (!fresh?.success || !(await still(fresh.data))) return { outcome: 'skipped' };
      const written = await this.send(
        'PUT',
        target(id),
        { status: fresh.data.status, handoff_state: fresh.data.handoff_state, assigned_to: assignedTo },
        `${purpose}:${id}:${fresh.data.updated_at}`,
      );
      if (written.kind === 'throttled') return { outcome: 'throttled' };
      const conversation = written.kind === 'ok' ? conversationSchema.safeParse(written.data) : undefined;
      if (!conversation?.success) {
        // 409 idempotency_key_reused: another attempt at this very version applied with another choice.
        this.deps.logger.warn(
          {
            event: 'assignment.write_refused',
            conversation_id: id,
            status: written.kind === 'failed' ? written.status : 200,
          },
          'an assignment write was not applied',
        );
        return { outcome: 'skipped' };
      }
      await this.deps.conversationWritten?.(conversation.data);
      return { outcome: 'written', conversation: conversation.data };
    });
  }

  private async send(
    method: 'GET' | 'PUT',
    path: string,
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<{ kind: 'ok'; data: unknown } | { kind: 'throttled' } | { kind: 'failed'; status: number }> {
    this.requests += 1;
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.deps.keys.current()}`,
      accept: 'application/json',
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
    const result = await this.deps.upstream.send({
      method,
      target: path,
      headers,
      ...(body !== undefined ? { body: Buffer.from(JSON.stringify(body)) } : {}),
    });
    if (result.kind !== 'response') return { kind: 'failed', status: 0 };
    this.budget = readBudget(result.headers) ?? this.budget;
    if (result.status === 429) return { kind: 'throttled' };
    if (result.status < 200 || result.status >= 300) return { kind: 'failed', status: result.status };
    try {
      return { kind: 'ok', data: (JSON.parse(result.body.toString('utf8')) as { data?: unknown }).data };
    } catch {
      return { kind: 'failed', status: result.status };
    }
  }
}
