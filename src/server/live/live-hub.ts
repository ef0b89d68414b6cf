import { createHash, randomBytes } from 'node:crypto';
import { type LiveEvent, type LiveEventData, type PresenceUpdate } from '../../schemas/live.ts';
import type { Logger } from '../log/logger.ts';
import type { SessionStore } from '../sessions/session-store.ts';
import type { DirectoryUser, UserDirectory } from '../users/directory.ts';
import type { EventLog } from './event-log.ts';
import type { PresenceStore } from './presence.ts';
import { PresenceSnapshot } from './presence-snapshot.ts';
import { SseStream } from './sse-stream.ts';
import { StreamCaps } from './stream-caps.ts';
import { missedSince } from './missed-since.ts';
import type { StreamSlots } from './redis-stream-slots.ts';

export interface LiveHubOptions {
  /** Comment heartbeats, and the session check of every stream, this often. */
  heartbeatMs: number;
  /** Presence lapses are looked for this often. */
  presenceSweepMs: number;
  maxStreamsPerSession: number;
  /** Streams one person may hold over all their sessions, on every replica together when they share Redis. */
  maxStreamsPerUser: number;
  maxStreams: number;
  /** Sent in `ready`: how long a client waits before reconnecting. */
  retryMs: number;
}

export const DEFAULT_LIVE_OPTIONS: LiveHubOptions = {
  heartbeatMs: 15_000,
  presenceSweepMs: 5_000,
  // One stream per browser (tabs share it); a few more cover a leader hand-over between tabs.
  maxStreamsPerSession: 4,
  // Two browsers each handing over between tabs: one account cannot take the slots the others need.
  maxStreamsPerUser: 8,
  maxStreams: 1000,
  retryMs: 2000,
};

/**
 * What reads the store for the dashboards (the store feed): it runs while at least one stream is open
 * in this process, so the store is read only while someone is watching.
 */
export interface StoreReader {
  start(): void;
  /** Resolves once the read in flight has ended. */
  stop(): Promise<void>;
}

export interface LiveHubDeps {
  log: EventLog;
  presence: PresenceStore;
  reader: StoreReader;
  /** Whether a viewer may be shown on this conversation (the inbox knows it). */
  mayWatch: (conversationId: string) => Promise<boolean>;
  sessions: SessionStore;
  directory: UserDirectory;
  logger: Logger;
  now: () => number;
  options?: Partial<LiveHubOptions>;
  /** The per-person stream cap over every replica (none: this process's streams are all there are). */
  streamSlots?: StreamSlots;
  /** Told, as streams open and at every heartbeat, who has a dashboard open in this process. */
  onDashboardsOpen?: (userIds: string[]) => void;
  /**
   * Brings the events a reconnecting stream missed up to date before they are replayed (a note's words
   * as they are now: none once deleted). Its failure sends a resync instead of the replay.
   */
  freshenReplay?: (events: LiveEvent[]) => Promise<LiveEvent[]>;
}

interface StreamEntry {
  stream: SseStream;
  token: string;
  sessionKey: string;
  userId: string;
  /** Lower-cased: the key sessions.onSessionsEnded names a person by. */
  email: string;
  /** Names its slot among the person's streams on every replica (StreamCaps). */
  streamId: string;
  unsubscribe: () => void;
}

const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  // Never cached or stored; compression middleware leaves text/event-stream alone, and this asks
  // buffering proxies (nginx) to pass each event through as it comes.
  'cache-control': 'no-store',
  'x-accel-buffering': 'no',
};

/** Not the session cookie: a one-way name for it, so the hub's maps hold nothing usable as a cookie. */
const sessionKeyOf = (token: string) => createHash('sha256').update(token).digest('base64url').slice(0, 22);

/**
 * The live hub: the event log, presence and every open stream of this process. The store's reader runs
 * while at least one stream is open. Streams read the session without extending it and close when it ends.
 */
export class LiveHub {
  readonly log: EventLog;
  readonly presence: PresenceStore;
  private readonly options: LiveHubOptions;
  private readonly streams = new Set<StreamEntry>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly stopListening: () => void;
  private readonly caps: StreamCaps;
  private readonly snapshot: PresenceSnapshot;
  /** Set at the first stream: the snapshot follows every presence event this replica delivers. */
  private observing = false;

  constructor(private readonly deps: LiveHubDeps) {
    this.options = { ...DEFAULT_LIVE_OPTIONS, ...deps.options };
    this.log = deps.log;
    this.presence = deps.presence;
    this.snapshot = new PresenceSnapshot(this.presence, deps.now);
    const every = (ms: number, run: () => Promise<void> | void) => {
      const timer = setInterval(() => {
        Promise.resolve(run()).catch((error: unknown) =>
          deps.logger.error({ err_message: (error as Error).message }, 'live hub timer failed'),
        );
      }, ms);
      timer.unref();
      this.timers.push(timer);
    };
    this.caps = new StreamCaps(this.options, deps.streamSlots, deps.logger);
    // Sessions of a person ended (on any replica): their streams here close now, not at the next check.
    this.stopListening = deps.sessions.onSessionsEnded((email) => void this.endPerson(email));
    every(this.options.heartbeatMs, () => this.heartbeat());
    every(this.options.presenceSweepMs, () => this.sweepPresence());
  }

  get streamCount(): number {
    return this.streams.size;
  }

  /** GET /bff/events for a signed-in user; the session was checked (without counting as activity). */
  async openStream(
    token: string,
    user: { id: string; email: string },
    lastEventId: string | undefined,
  ): Promise<Response> {
    const userId = user.id;
    const sessionKey = sessionKeyOf(token);
    const streamId = randomBytes(9).toString('base64url');
    const refused = await this.caps.admit([...this.streams], { sessionKey, userId, streamId });
    if (refused) return refused;
    if (!this.observing) {
      this.observing = true;
      this.log.subscribe((event) => this.snapshot.observe(event));
    }
    const stream = new SseStream(SSE_HEADERS);
    const entry: StreamEntry = {
      stream,
      token,
      sessionKey,
      userId,
      email: user.email.toLowerCase(),
      streamId,
      unsubscribe: this.log.subscribe((e) => stream.deliver(e)),
    };
    this.streams.add(entry);
    this.deps.onDashboardsOpen?.([userId]);
    const opened = this.deps.now();
    stream.whenClosed((reason) => {
      this.caps.release(entry);
      entry.unsubscribe();
      this.streams.delete(entry);
      if (this.streams.size === 0) void this.deps.reader.stop();
      this.deps.logger.info({ reason, duration_ms: this.deps.now() - opened }, 'live stream closed');
      // A closed dashboard is gone at once for its teammates (and its conversation is no longer tailed),
      // rather than "viewing" for the lapse time. A reconnecting one is back with its next heartbeat.
      if (![...this.streams].some((other) => other.sessionKey === sessionKey)) {
        this.presence
          .remove(sessionKey)
          .then((changed) => this.publishPresence(changed))
          .catch((error: unknown) =>
            this.deps.logger.warn({ err_message: (error as Error).message }, 'presence removal failed'),
          );
      }
    });
    this.deps.reader.start();

    let head: string;
    let missed: LiveEvent[] | undefined;
    let presence: LiveEventData['presence'][];
    try {
      head = await this.log.headId();
      if (lastEventId !== undefined && lastEventId !== '')
        missed = await missedSince(this.deps, this.log, token, lastEventId);
      presence = await this.snapshot.read();
      // Presence held while the snapshot was read is older than the snapshot, which replaces it.
      stream.dropHeld((event) => event.name === 'presence');
    } catch (error) {
      // A shared log that cannot be read (Redis down): no half-open stream is left behind.
      stream.close('log_unavailable');
      throw error;
    }
    let lastId = head;
    if (lastEventId !== undefined && lastEventId !== '') {
      if (missed === undefined) stream.writeOwn({ id: head, name: 'resync', data: {} });
      else for (const event of missed) stream.writeReplayed(event);
      lastId = missed?.at(-1)?.id ?? head;
    }
    for (const data of presence) stream.writeOwn({ id: '', name: 'presence', data });
    stream.writeOwn(
      { id: lastId, name: 'ready', data: { retry_ms: this.options.retryMs } },
      this.options.retryMs,
    );
    stream.release();
    return stream.response;
  }

  /**
   * PUT /bff/presence: records the heartbeat and publishes the viewer lists that changed (none when it
   * changed nothing). Refused: a conversation the read model does not know, or a tab beyond its meter.
   */
  async updatePresence(
    token: string,
    user: DirectoryUser,
    update: PresenceUpdate,
  ): Promise<'ok' | 'unknown_conversation' | 'rate' | 'tabs'> {
    const id = update.conversation_id;
    if (id !== null && !(await this.deps.mayWatch(id))) return 'unknown_conversation';
    const result = await this.presence.heartbeat(
      {
        sessionKey: sessionKeyOf(token),
        tabId: update.tab_id ?? '',
        userId: user.id,
        name: user.name,
        conversationId: id,
        state: update.state,
      },
      this.deps.now(),
    );
    if ('refused' in result) return result.refused;
    await this.publishPresence(result.changed);
    return 'ok';
  }

  /** Sign-out (or a new sign-in replacing the session): its streams end and its presence goes. */
  async endSession(token: string): Promise<void> {
    const sessionKey = sessionKeyOf(token);
    for (const entry of [...this.streams])
      if (entry.sessionKey === sessionKey) entry.stream.close('signed_out');
    await this.publishPresence(await this.presence.remove(sessionKey));
  }

  /**
   * Sessions of this person ended (all of them, or one they ended from their list): their streams whose
   * session is gone close now, as the heartbeat would. The store unreachable: the heartbeat checks later.
   */
  private async endPerson(email: string): Promise<void> {
    for (const entry of [...this.streams]) {
      if (entry.email !== email) continue;
      const session = await this.deps.sessions.get(entry.token, false).catch(() => 'unknown' as const);
      if (session === undefined) entry.stream.close('sessions_ended');
    }
  }

  /** Comment heartbeats; a stream whose session ended (expiry, user removed) is closed here. */
  async heartbeat(): Promise<void> {
    if (this.streams.size > 0)
      this.deps.onDashboardsOpen?.([...new Set([...this.streams].map((entry) => entry.userId))]);
    // Redis unreachable: the slots lapse only after their TTL, by when it is usually back.
    await this.caps.renew([...this.streams]);
    for (const entry of [...this.streams]) {
      // The shared session store unreachable (Redis down) is not a sign-out: keep the stream, check next time.
      const session = await this.deps.sessions.get(entry.token, false).catch(() => 'unknown' as const);
      if (session === 'unknown') {
        entry.stream.comment('keep-alive');
        continue;
      }
      const user = session ? this.deps.directory.findByEmail(session.email) : undefined;
      if (!session || !user || user.id !== session.userId) entry.stream.close('session_ended');
      else entry.stream.comment('keep-alive');
    }
  }

  async sweepPresence(): Promise<void> {
    await this.publishPresence(await this.presence.sweep(this.deps.now()));
  }

  private async publishPresence(conversationIds: readonly string[]): Promise<void> {
    for (const id of conversationIds) {
      await this.log.broadcast('presence', { conversation_id: id, viewers: await this.presence.viewers(id) });
    }
  }

  /** Ends every stream and stops the reader; resolves once its read in flight has ended. */
  close(): Promise<void> {
    this.stopListening();
    for (const timer of this.timers) clearInterval(timer);
    for (const entry of [...this.streams]) entry.stream.close('server_closing');
    return this.deps.reader.stop();
  }
}
