import { createHash, randomBytes } from 'node:crypto';
import type { LiveEvent, LiveEventData, LiveEventName } from '../../schemas/live.ts';

/** What the feed appends to the log: every live event except the per-connection ones and presence. */
export type PublishedName = Exclude<LiveEventName, 'ready' | 'presence'>;

/**
 * The store's event stream: append, read since an id, head id, subscribe. Ids are opaque strings (a Redis
 * Stream entry id in the shared implementation); callers compare them only for equality.
 */
export interface EventLog {
  append<K extends PublishedName>(name: K, data: LiveEventData[K]): Promise<LiveEvent>;
  /**
   * A live-only event (presence): delivered to every subscriber with an empty id, never held for replay.
   * Presence is sent by every tab's heartbeats and given whole to each stream as it opens, so a flood of it
   * must not push conversation events out of the replay window.
   */
  broadcast(name: 'presence', data: LiveEventData['presence']): Promise<void>;
  /**
   * The events after `id`, oldest first; `undefined` when `id` is unknown or older than what is held, or
   * when the first of them was appended before `notBefore` (ms, the appender's clock): a client resuming
   * from before its session began was not there to see them (it starts over with a resync instead).
   */
  readSince(id: string, notBefore?: number): Promise<LiveEvent[] | undefined>;
  /** The id of the newest event (or of the empty log): resuming from it replays nothing. */
  headId(): Promise<string>;
  /** Every event appended from now on, in order. Returns the unsubscribe function. */
  subscribe(listener: (event: LiveEvent) => void): () => void;
}

/**
 * What makes two appends the same event: a conversation (or a message) appended again with the same data
 * is appended once, by both logs, so a version seen twice (the store's answer to a write applied at once,
 * then the feed's sighting; a new reader re-reading what its predecessor published) is delivered once.
 */
export function dedupeFieldOf(name: PublishedName, data: unknown): string {
  if (name === 'conversation') return `c:${(data as LiveEventData['conversation']).id}`;
  if (name === 'message') {
    const { conversation_id, message } = data as LiveEventData['message'];
    return `m:${conversation_id}:${message.id}`;
  }
  return '';
}

/** The digest a log keeps of what it holds under a dedupe field (the time left out). */
export const eventDigest = (name: PublishedName, data: unknown): string =>
  createHash('sha256')
    .update(JSON.stringify({ n: name, d: data }))
    .digest('base64url');

/** How many events a reconnecting client can catch up on before it is told to resync. */
export const EVENT_BUFFER_SIZE = 2000;

/**
 * The embedded (single process) event log: a bounded ring in memory. Ids are `<epoch>-<sequence>`; the
 * epoch is random per process, so an id from before a restart is unknown (resync), never misread.
 */
export class MemoryEventLog implements EventLog {
  private readonly epoch = randomBytes(4).toString('hex');
  private readonly events: LiveEvent[] = [];
  /** When each held event was appended, in step with `events`. */
  private readonly times: number[] = [];
  private sequence = 0;
  private readonly listeners = new Set<(event: LiveEvent) => void>();
  /** The digest of what was last appended under each dedupe field (one per conversation and message). */
  private readonly appended = new Map<string, string>();

  constructor(
    private readonly capacity = EVENT_BUFFER_SIZE,
    private readonly now: () => number = Date.now,
  ) {}

  private idOf(sequence: number): string {
    return `${this.epoch}-${sequence}`;
  }

  private sequenceOf(id: string): number | undefined {
    const [epoch, sequence, ...rest] = id.split('-');
    if (epoch !== this.epoch || rest.length > 0 || !/^\d{1,15}$/.test(sequence ?? '')) return undefined;
    return Number(sequence);
  }

  append<K extends PublishedName>(name: K, data: LiveEventData[K]): Promise<LiveEvent> {
    const field = dedupeFieldOf(name, data);
    if (field) {
      const digest = eventDigest(name, data);
      // The same version appended again: not delivered twice (its event comes back without an id).
      if (this.appended.get(field) === digest) return Promise.resolve({ id: '', name, data } as LiveEvent);
      this.appended.set(field, digest);
    }
    this.sequence += 1;
    const event = { id: this.idOf(this.sequence), name, data } as LiveEvent;
    this.events.push(event);
    this.times.push(this.now());
    // Trim in batches: a full ring would otherwise shift the array on every event.
    if (this.events.length > this.capacity + 256) {
      this.times.splice(0, this.events.length - this.capacity);
      this.events.splice(0, this.events.length - this.capacity);
    }
    for (const listener of this.listeners) listener(event);
    return Promise.resolve(event);
  }

  broadcast(name: 'presence', data: LiveEventData['presence']): Promise<void> {
    const event: LiveEvent = { id: '', name, data };
    for (const listener of this.listeners) listener(event);
    return Promise.resolve();
  }

  readSince(id: string, notBefore?: number): Promise<LiveEvent[] | undefined> {
    const after = this.sequenceOf(id);
    if (after === undefined || after > this.sequence) return Promise.resolve(undefined);
    const oldest = this.sequence - Math.min(this.events.length, this.capacity) + 1;
    // `after` itself may have been dropped, as long as everything after it is still held.
    if (after < oldest - 1) return Promise.resolve(undefined);
    const first = this.events.length - (this.sequence - after);
    const firstAt = this.times[first];
    if (notBefore !== undefined && firstAt !== undefined && firstAt < notBefore)
      return Promise.resolve(undefined);
    return Promise.resolve(this.events.slice(first));
  }

  headId(): Promise<string> {
    return Promise.resolve(this.idOf(this.sequence));
  }

  subscribe(listener: (event: LiveEvent) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
}
