import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AssignmentStrategy } from '../../schemas/assignment.ts';
import type { Conversation } from '../../schemas/conversation.ts';
import type { HistoryEntry, NoteHistoryKind } from '../../schemas/history.ts';
import type { Message } from '../../schemas/message.ts';
import type { Db } from '../db/database.ts';
import { withDatabase } from '../db/database.ts';
import { eraseConversations } from './shopper-data.ts';
import { copyOf, detailOf, stateOf, toEntry, type EventRow } from './history-rows.ts';
import { deriveFromTranscripts, keepMessages, transcriptsToRead } from './transcript-past.ts';
import { actedOnByPeople, markAutomatic, writerOf } from './dashboard-writes.ts';
import { clearSnoozes, endsASnooze } from './clear-snoozes.ts';
import { conversationEvents, conversations, dashboardWrites } from '../db/schema.ts';
import { NEW_CONVERSATION, transitionsBetween } from './transitions.ts';

/**
 * Publishes entries recorded (or attributed to a person) just now to every dashboard, as one event
 * however many conversations they are of (nothing when there are none).
 */
export type PublishHistory = (entries: HistoryEntry[]) => Promise<void>;

/** Tells every dashboard that these conversations' snoozes were cleared (a transition ended them). */
export type PublishSnoozesCleared = (conversationIds: string[]) => Promise<void>;

/** How the feed came to see a conversation it had no copy of. */
export type FirstSight = 'listing' | 'walk';

/** What a dashboard user's write through the proxy did (the audit trail, and who made a transition). */
export interface DashboardWrite {
  actor: { id: string; email: string };
  conversationId: string;
  /** `away_hand_back`: the person went away and their conversation went back to Unassigned, as they chose. */
  action: 'update_conversation' | 'reply' | 'away_hand_back';
  status: number;
  /** The conversation as the API answered a successful update. */
  conversation?: Conversation;
  /** The message a successful reply stored. */
  message?: Message;
}

/**
 * The conversations' history and the copies it is derived from. Transitions are found in one place, by
 * comparing the stored copy of a conversation with a newer one, whoever brings it: the feed (a change
 * anyone made) or the proxy (a change a dashboard user just made, which also names the person). A
 * transition is stored once per (conversation, version, kind), so the same change seen by both, or by two
 * replicas around a lease hand-over, is one entry; the proxy's sighting adds the person to it.
 */
export class ConversationHistory {
  constructor(
    private readonly db: Db,
    private readonly publish: PublishHistory,
    private readonly snoozesCleared: PublishSnoozesCleared = () => Promise.resolve(),
  ) {}

  /** The feed read this copy of a conversation (a walk's change, or the store's listing). */
  async observed(conversation: Conversation, firstSight: FirstSight): Promise<void> {
    await this.advance(conversation, firstSight, undefined);
  }

  /** The feed read these messages (new ones, or a rating given since). */
  async messagesRead(read: readonly Message[]): Promise<void> {
    await keepMessages(this.db, read);
  }

  /** The conversations whose past the dashboard has not read, newest first (see transcriptsToRead). */
  async transcriptsToRead(limit: number): Promise<string[]> {
    return transcriptsToRead(this.db, limit);
  }

  /** The history backfill read this conversation's whole transcript: kept, marked read, its past derived. */
  async transcriptRead(conversationId: string, transcript: readonly Message[]): Promise<void> {
    await this.messagesRead(transcript);
    await withDatabase(() =>
      this.db
        .update(conversations)
        .set({ transcriptReadAt: new Date() })
        .where(eq(conversations.id, conversationId)),
    );
    await this.deriveFromTranscripts(conversationId);
  }

  /** Records what the transcripts prove, for one conversation or all (see deriveFromTranscripts). */
  async deriveFromTranscripts(conversationId?: string): Promise<void> {
    await deriveFromTranscripts(this.db, conversationId);
  }

  /** A write a dashboard user made through the proxy: kept with its outcome; a success is history. */
  async dashboardWrote(write: DashboardWrite): Promise<void> {
    const version = write.conversation?.updated_at ?? write.message?.id ?? null;
    await withDatabase(async () => {
      await this.db.insert(dashboardWrites).values({
        conversationId: write.conversationId,
        action: write.action,
        actorUserId: write.actor.id,
        actorEmail: write.actor.email,
        status: write.status,
        version,
        at: new Date(),
      });
      if (write.message) await this.messagesRead([write.message]);
      if (!write.conversation) return;
      // The feed may have seen this version first and recorded it without a person: name them now.
      const attributed = await this.db
        .update(conversationEvents)
        .set({ actorUserId: write.actor.id })
        .where(
          and(
            eq(conversationEvents.conversationId, write.conversationId),
            eq(conversationEvents.version, write.conversation.updated_at),
            isNull(conversationEvents.actorUserId),
          ),
        )
        .returning();
      if (attributed.length > 0) await this.publish(attributed.map(toEntry));
    });
    // Without a copy (the feed has not listed the store yet) the state before the write is unknown.
    if (write.conversation) await this.advance(write.conversation, 'listing', write.actor.id);
  }

  /**
   * The automatic assignment gave this conversation to someone (the store's answer to its write): the
   * `assigned` entry of that version says so, whether recorded now or already by the feed.
   */
  async assignedAutomatically(conversation: Conversation, strategy: AssignmentStrategy): Promise<void> {
    await this.advance(conversation, 'listing', undefined, strategy);
    const marked = await markAutomatic(this.db, conversation, strategy);
    if (marked.length > 0) await this.publish(marked.map(toEntry));
  }

  /**
   * A person wrote, edited or deleted an internal note: one entry, at that instant. The version names the
   * note and the instant, so each change is its own entry.
   */
  async noteChanged(
    conversationId: string,
    kind: NoteHistoryKind,
    actorUserId: string,
    noteId: string,
    at: Date,
  ): Promise<void> {
    const rows = await withDatabase(() =>
      this.db
        .insert(conversationEvents)
        .values({
          conversationId,
          kind,
          version: `note:${noteId}:${at.toISOString()}`,
          actorUserId,
          detail: { note_id: noteId },
          at,
        })
        .onConflictDoNothing()
        .returning(),
    );
    if (rows.length > 0) await this.publish(rows.map(toEntry));
  }

  /** The conversation's history, oldest first. */
  async list(conversationId: string): Promise<HistoryEntry[]> {
    const rows = await withDatabase(() =>
      this.db
        .select()
        .from(conversationEvents)
        .where(eq(conversationEvents.conversationId, conversationId))
        .orderBy(asc(conversationEvents.at), asc(conversationEvents.id))
        .limit(1000),
    );
    return rows.map(toEntry);
  }

  /**
   * Compares `conversation` with the stored copy, records the transitions in between (once) and keeps the
   * newer copy; a transition that ends a snooze (closed, reopened, handed back to the bot) clears it,
   * whoever saw the transition first. Without a copy, a conversation first met in
   * the store's listing has no known past; one the walk brings is new, and started with the assistant.
   */
  private async advance(
    conversation: Conversation,
    firstSight: FirstSight,
    actor: string | undefined,
    automatic: AssignmentStrategy | null = null,
  ) {
    // Each statement stands alone (no transaction holds a connection): the unique index keeps each
    // transition once whoever records it, and a snooze cleared just after is cleared all the same.
    const { inserted, cleared } = await withDatabase(async () => {
      let [copy] = await this.db.select().from(conversations).where(eq(conversations.id, conversation.id));
      if (copy && copy.createdAt.getTime() !== Date.parse(conversation.created_at)) {
        // Another conversation under a known id (a store restored from a backup mints ids again): what
        // was kept is about the old one, and must not show as the new one's past.
        await eraseConversations(this.db, [conversation.id]);
        copy = undefined;
      }
      const updatedAt = new Date(conversation.updated_at);
      if (copy && copy.updatedAt.getTime() >= updatedAt.getTime()) {
        // The store went back in time (restored from a backup): its copy is the truth now. A late sighting
        // of an older change does no harm: later changes are compared again, and recorded ones stay once.
        // Only the feed's sighting says so: a write's answer (a person's or the automatic assignment's)
        // may simply be older than what the feed has seen since.
        if (actor === undefined && automatic === null && copy.updatedAt.getTime() > updatedAt.getTime())
          await this.db
            .update(conversations)
            .set(copyOf(conversation))
            .where(eq(conversations.id, conversation.id));
        return { inserted: [], cleared: [] };
      }
      const before = copy ? stateOf(copy) : firstSight === 'walk' ? NEW_CONVERSATION : undefined;
      const transitions = before ? transitionsBetween(before, conversation) : [];
      let rows: EventRow[] = [];
      if (transitions.length > 0) {
        const actorUserId = actor ?? (await writerOf(this.db, conversation.id, conversation.updated_at));
        rows = await this.db
          .insert(conversationEvents)
          .values(
            transitions.map((transition) => ({
              conversationId: conversation.id,
              kind: transition.kind,
              version: conversation.updated_at,
              actorUserId,
              detail: detailOf(transition, automatic),
              at: updatedAt,
            })),
          )
          .onConflictDoNothing()
          .returning();
        if (actorUserId === null && rows.length > 0) rows = await this.attributeLate(conversation, rows);
      }
      await this.db
        .insert(conversations)
        .values({ ...copyOf(conversation), seenFromStart: !copy && firstSight === 'walk' })
        .onConflictDoUpdate({
          target: conversations.id,
          set: { ...copyOf(conversation), id: undefined },
          setWhere: sql`${conversations.updatedAt} < excluded.updated_at`,
        });
      const cleared = endsASnooze(transitions.map((transition) => transition.kind))
        ? await clearSnoozes(this.db, [conversation.id])
        : [];
      return { inserted: rows, cleared };
    });
    if (inserted.length > 0) await this.publish(inserted.map(toEntry));
    if (cleared.length > 0) await this.snoozesCleared(cleared);
  }

  /**
   * Entries just recorded without a person, named after all when the dashboard's write of that version
   * was stored meanwhile: the proxy names the entries it finds, so a write stored between this look and
   * the entries' insert would otherwise be missed by both.
   */
  private async attributeLate(conversation: Conversation, rows: EventRow[]): Promise<EventRow[]> {
    const writer = await writerOf(this.db, conversation.id, conversation.updated_at);
    if (writer === null) return rows;
    const named = await this.db
      .update(conversationEvents)
      .set({ actorUserId: writer })
      .where(
        and(
          inArray(
            conversationEvents.id,
            rows.map((row) => row.id),
          ),
          isNull(conversationEvents.actorUserId),
        ),
      )
      .returning();
    const byId = new Map(named.map((row) => [row.id, row]));
    return rows.map((row) => byId.get(row.id) ?? row);
  }

  /** Of these conversations, those a person acted on since the instant given for each (see actedOnByPeople). */
  async actedOnByPeople(since: ReadonlyMap<string, number>): Promise<Set<string>> {
    return actedOnByPeople(this.db, since);
  }

  /** For erasure: the ids of one shopper's conversations (by email, case-insensitive). */
  async conversationsOf(email: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(sql`lower(${conversations.email}) = ${email.toLowerCase()}`);
    return rows.map((row) => row.id);
  }

  /** Removes everything the dashboard holds about these conversations. */
  async erase(conversationIds: readonly string[]): Promise<Record<string, number>> {
    return eraseConversations(this.db, conversationIds);
  }
}
