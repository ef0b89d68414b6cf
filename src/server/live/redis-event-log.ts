import type { Redis } from 'ioredis';
import type { LiveEvent, LiveEventData } from '../../schemas/live.ts';
import {
  dedupeFieldOf,
  EVENT_BUFFER_SIZE,
  eventDigest,
  type EventLog,
  type PublishedName,
} from './event-log.ts';
import type { Logger } from '../log/logger.ts';
import { shared } from '../redis/connection.ts';

export interface RedisEventLogOptions {
  client: Redis;
  key: (name: string) => string;
  /** A dedicated connection for XREAD BLOCK (a blocked connection can do nothing else). */
  blocking: () => Redis;
  logger: Logger;
  capacity?: number;
  /** Stamps each entry (`t`), for readSince's notBefore: the clock sessions are dated by. */
  now?: () => number;
}

/** How long the log remembers what it already holds of a conversation or message (duplicates are dropped). */
const DEDUPE_TTL_MS = 3_600_000;
/** Presence's own stream holds only this many entries: it is read live, never replayed. */
const PRESENCE_STREAM_LENGTH = 200;
/** A resume id a little ahead of this replica's reader (just delivered by another replica) is waited for. */
const CATCH_UP_WAIT_MS = 1000;

// KEYS: stream, dedupe hash. ARGV: maxlen, entry, dedupe field ('' for none), digest.
// The same conversation or message version appended twice (a new reader re-reading what its predecessor
// already published) is appended once: nothing is delivered twice across a failover.
const APPEND = `
if ARGV[3] ~= '' then
  if redis.call('HGET', KEYS[2], ARGV[3]) == ARGV[4] then return false end
  redis.call('HSET', KEYS[2], ARGV[3], ARGV[4])
  redis.call('PEXPIRE', KEYS[2], ${DEDUPE_TTL_MS})
end
return redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[1], '*', 'e', ARGV[2])`;

const ID_PATTERN = /^\d{1,20}-\d{1,20}$/;

/** Orders two stream ids (`<ms>-<seq>`). */
export function compareIds(a: string, b: string): number {
  const [am, as] = a.split('-').map(BigInt) as [bigint, bigint];
  const [bm, bs] = b.split('-').map(BigInt) as [bigint, bigint];
  if (am !== bm) return am < bm ? -1 : 1;
  if (as !== bs) return as < bs ? -1 : 1;
  return 0;
}

type StreamEntry = [id: string, fields: string[]];

function parseEntry([id, fields]: StreamEntry): { event: LiveEvent; at: number | undefined } | undefined {
  const at = fields.indexOf('e');
  if (at < 0) return undefined;
  try {
    const { n, d, t } = JSON.parse(fields[at + 1]!) as {
      n: PublishedName | 'presence';
      d: unknown;
      t?: unknown;
    };
    return { event: { id, name: n, data: d } as LiveEvent, at: typeof t === 'number' ? t : undefined };
  } catch {
    return undefined;
  }
}

const toEvent = (entry: StreamEntry): LiveEvent | undefined => parseEntry(entry)?.event;

/**
 * The event log on a Redis Stream shared by every replica: XADD with MAXLEN ~ (about the last 2 000 events),
 * the stream entry id is the SSE id, so `Last-Event-ID` resumes on any replica. Each replica reads new
 * entries with XREAD BLOCK on its own connection and hands them to its streams; the reading replica's
 * appends reach its own dashboards the same way.
 *
 * `headId` and `readSince` stop at what this replica's reader has delivered (its position), so a stream
 * that opens gets the replay up to there and everything after through its subscription: no gap, no repeat.
 */
export class RedisEventLog implements EventLog {
  private readonly streamKey: string;
  private readonly presenceKey: string;
  private readonly dedupeKey: string;
  private readonly capacity: number;
  private readonly listeners = new Set<(event: LiveEvent) => void>();
  /** Set once the reader loop has found where to start; `current` is then the last id it delivered. */
  private started: Promise<void> | undefined;
  private current = '0-0';
  /** The last presence entry delivered (presence has its own stream, read in the same XREAD). */
  private presenceCurrent = '0-0';
  private blocking: Redis | undefined;
  private closed = false;

  constructor(private readonly options: RedisEventLogOptions) {
    this.streamKey = options.key('live:events');
    this.presenceKey = options.key('live:presence-events');
    this.dedupeKey = options.key('live:dedupe');
    this.capacity = options.capacity ?? EVENT_BUFFER_SIZE;
  }

  async append<K extends PublishedName>(name: K, data: LiveEventData[K]): Promise<LiveEvent> {
    const field = dedupeFieldOf(name, data);
    // The digest leaves the time out: the same version read again later is still the same.
    const digest = field ? eventDigest(name, data) : '';
    const entry = JSON.stringify({ n: name, d: data, t: (this.options.now ?? Date.now)() });
    const id = (await shared(() =>
      this.options.client.eval(
        APPEND,
        2,
        this.streamKey,
        this.dedupeKey,
        String(this.capacity),
        entry,
        field,
        digest,
      ),
    )) as string | null;
    // A duplicate was not appended again: its event comes back without an id.
    return { id: id ?? '', name, data } as LiveEvent;
  }

  /** Presence goes to its own short stream: every replica delivers it live, and nobody replays it. */
  async broadcast(name: 'presence', data: LiveEventData['presence']): Promise<void> {
    const entry = JSON.stringify({ n: name, d: data });
    await shared(() =>
      this.options.client.xadd(
        this.presenceKey,
        'MAXLEN',
        '~',
        String(PRESENCE_STREAM_LENGTH),
        '*',
        'e',
        entry,
      ),
    );
  }

  /** A stream's last id and the id it was trimmed up to ('0-0' for a stream that does not exist yet). */
  private async info(key = this.streamKey): Promise<{ last: string; trimmedUpTo: string }> {
    try {
      const raw = (await this.options.client.call('XINFO', 'STREAM', key)) as unknown[];
      const field = (name: string) => {
        const value = raw[raw.indexOf(name) + 1];
        return typeof value === 'string' && ID_PATTERN.test(value) ? value : '0-0';
      };
      return { last: field('last-generated-id'), trimmedUpTo: field('max-deleted-entry-id') };
    } catch (error) {
      if (/no such key/i.test((error as Error).message)) return { last: '0-0', trimmedUpTo: '0-0' };
      throw error;
    }
  }

  async headId(): Promise<string> {
    return shared(async () => {
      if (!this.started) return (await this.info()).last;
      await this.started;
      return this.current;
    });
  }

  async readSince(id: string, notBefore?: number): Promise<LiveEvent[] | undefined> {
    if (!ID_PATTERN.test(id)) return undefined;
    let head = await this.headId();
    if (compareIds(id, head) > 0) {
      head = await this.catchUp(id);
      if (compareIds(id, head) > 0) return undefined;
    }
    const { trimmedUpTo } = await shared(() => this.info());
    // Everything after `id` must still be held; `id` itself may have been trimmed.
    if (compareIds(id, trimmedUpTo) < 0) return undefined;
    if (id === head) return [];
    const entries = (await shared(() =>
      this.options.client.xrange(this.streamKey, `(${id}`, head, 'COUNT', this.capacity + 1024),
    )) as StreamEntry[];
    const parsed = entries.map(parseEntry).filter((entry) => entry !== undefined);
    // An entry without a time (appended by an older build) counts as older than any session.
    if (notBefore !== undefined && parsed.length > 0 && !((parsed[0]!.at ?? -Infinity) >= notBefore))
      return undefined;
    return parsed.map((entry) => entry.event);
  }

  /** Waits briefly for this replica's reader to reach an id another replica already delivered. */
  private async catchUp(id: string): Promise<string> {
    const deadline = Date.now() + CATCH_UP_WAIT_MS;
    while (this.started && compareIds(id, this.current) > 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    return this.headId();
  }

  subscribe(listener: (event: LiveEvent) => void): () => void {
    this.listeners.add(listener);
    if (!this.started) {
      this.started = this.startReading();
      // Whoever awaits it (headId) sees the failure; nobody else must crash on it.
      this.started.catch(() => undefined);
    }
    return () => void this.listeners.delete(listener);
  }

  /** Starts the reader loop at the stream's head; resolves once the position is known. */
  private async startReading(): Promise<void> {
    try {
      this.current = (await this.info()).last;
      this.presenceCurrent = (await this.info(this.presenceKey)).last;
    } catch (error) {
      // Unreachable now: the next subscriber tries again.
      this.started = undefined;
      throw error;
    }
    this.readLoop().catch((error: unknown) =>
      this.options.logger.error({ err_message: (error as Error).message }, 'live log reader stopped'),
    );
  }

  private async readLoop(): Promise<void> {
    this.blocking ??= this.options.blocking();
    while (!this.closed) {
      let batch: [string, StreamEntry[]][] | null;
      try {
        batch = await this.blocking.xread(
          'COUNT',
          500,
          'BLOCK',
          5000,
          'STREAMS',
          this.streamKey,
          this.presenceKey,
          this.current,
          this.presenceCurrent,
        );
      } catch {
        // Redis unreachable: try again shortly from the same position (nothing is skipped). A connection
        // closed on purpose (shutdown) ends the loop.
        if (this.closed || this.blocking.status === 'end') return;
        await new Promise((resolve) => setTimeout(resolve, 500));
        continue;
      }
      for (const [key, entries] of batch ?? []) {
        const isPresence = key === this.presenceKey;
        for (const entry of entries) {
          if (isPresence) this.presenceCurrent = entry[0];
          else this.current = entry[0];
          const event = toEvent(entry);
          // A presence event has no id: the client's Last-Event-ID stays on the conversation log.
          if (event && isPresence) event.id = '';
          if (event) for (const listener of this.listeners) listener(event);
        }
      }
    }
  }

  close(): void {
    this.closed = true;
    this.blocking?.disconnect();
  }
}
