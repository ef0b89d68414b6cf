import type { PresenceState, PresenceViewer } from '../../schemas/live.ts';

/** One browser tab's heartbeat: who, where, doing what. */
export interface PresenceEntry {
  /** Opaque per-session key (never the session cookie itself). */
  sessionKey: string;
  /** The tab within the session's browser ('' when the page did not say). */
  tabId: string;
  userId: string;
  name: string;
  conversationId: string;
  state: PresenceState;
  /** When this session entered this conversation and state (ms). */
  sinceMs: number;
  lastSeenMs: number;
}

/** A heartbeat; `conversationId: null` says the session watches nothing now. */
export type PresenceUpdateEntry = Omit<PresenceEntry, 'sinceMs' | 'lastSeenMs' | 'conversationId'> & {
  conversationId: string | null;
};

/**
 * What a heartbeat did: the conversations whose viewer list changed (to publish; none when it changed
 * nothing), or why it was refused: `rate` (the tab sends faster than its meter allows) or `tabs` (the
 * session already has its maximum of tabs).
 */
export type HeartbeatResult = { changed: string[] } | { refused: 'rate' | 'tabs' };

/**
 * Presence is broadcast to every open stream, so each heartbeat is metered: per tab, one a second on
 * average with a burst of `burst` (fast switching between conversations), and at most `maxTabsPerSession`
 * tabs per session (a tab counts until its last heartbeat lapses, also after it said `null`, so closing
 * and opening tabs does not escape the count).
 */
export interface PresenceMeter {
  intervalMs: number;
  burst: number;
  maxTabsPerSession: number;
}

export const DEFAULT_PRESENCE_METER: PresenceMeter = { intervalMs: 1000, burst: 3, maxTabsPerSession: 8 };

/**
 * Who is where. Async so that a shared (Redis) implementation can replace the memory one. Every method that
 * changes something returns the conversations whose viewer list changed, so the caller publishes them.
 */
export interface PresenceStore {
  heartbeat(update: PresenceUpdateEntry, nowMs: number): Promise<HeartbeatResult>;
  /** Ends the presence of every tab of a session (sign-out, its last stream closed). */
  remove(sessionKey: string): Promise<string[]>;
  /** Drops entries without a heartbeat for the lapse time. */
  sweep(nowMs: number): Promise<string[]>;
  viewers(conversationId: string): Promise<PresenceViewer[]>;
  /** The viewer lists of every conversation with at least one viewer (what a stream gets as it opens). */
  allViewers(): Promise<Map<string, PresenceViewer[]>>;
  /** Every conversation with at least one viewer: what the store feed tails. */
  watched(): Promise<string[]>;
}

/** An entry lapses after this long without a heartbeat (the SPA sends one about every 10 s). */
export const PRESENCE_LAPSE_MS = 30_000;

/** Entries are per tab: the tabs of one browser share its session but each watches its own conversation. */
export const entryKey = (entry: Pick<PresenceEntry, 'sessionKey' | 'tabId'>) =>
  `${entry.sessionKey} ${entry.tabId}`;

/**
 * The meter's rule (GCRA): `tat` is when the tab's meter is back to empty; a heartbeat is allowed while
 * that lies at most (burst - 1) intervals ahead, and pushes it one interval further.
 */
export function meteredTat(tat: number | undefined, nowMs: number, meter: PresenceMeter): number | undefined {
  const from = Math.max(tat ?? nowMs, nowMs);
  if (from - nowMs > (meter.burst - 1) * meter.intervalMs) return undefined;
  return from + meter.intervalMs;
}

export class MemoryPresenceStore implements PresenceStore {
  private readonly entries = new Map<string, PresenceEntry>();
  /** Per tab (entry key): its meter's `tat`, kept until the tab lapses. */
  private readonly meters = new Map<string, number>();

  constructor(
    private readonly lapseMs = PRESENCE_LAPSE_MS,
    private readonly meter = DEFAULT_PRESENCE_METER,
  ) {}

  /** Checks and advances the tab's meter; why it refuses, if it does. */
  private metered(update: PresenceUpdateEntry, nowMs: number): 'rate' | 'tabs' | undefined {
    const key = entryKey(update);
    const tat = this.meters.get(key);
    if (tat === undefined) {
      const prefix = `${update.sessionKey} `;
      let tabs = 0;
      for (const [other, otherTat] of this.meters)
        if (other.startsWith(prefix) && otherTat > nowMs - this.lapseMs) tabs += 1;
      if (tabs >= this.meter.maxTabsPerSession) return 'tabs';
    }
    const next = meteredTat(tat, nowMs, this.meter);
    if (next === undefined) return 'rate';
    this.meters.set(key, next);
    return undefined;
  }

  heartbeat(update: PresenceUpdateEntry, nowMs: number): Promise<HeartbeatResult> {
    const refused = this.metered(update, nowMs);
    if (refused) return Promise.resolve({ refused });
    const key = entryKey(update);
    const previous = this.entries.get(key);
    if (update.conversationId === null) {
      this.entries.delete(key);
      return Promise.resolve({ changed: previous ? [previous.conversationId] : [] });
    }
    const entry = { ...update, conversationId: update.conversationId };
    const same =
      previous !== undefined &&
      previous.conversationId === entry.conversationId &&
      previous.state === entry.state &&
      previous.userId === entry.userId;
    this.entries.set(key, {
      ...entry,
      sinceMs: same ? previous.sinceMs : nowMs,
      lastSeenMs: nowMs,
    });
    if (same) return Promise.resolve({ changed: [] });
    const changed = new Set([entry.conversationId]);
    if (previous) changed.add(previous.conversationId);
    return Promise.resolve({ changed: [...changed] });
  }

  remove(sessionKey: string): Promise<string[]> {
    const changed = new Set<string>();
    for (const [key, entry] of this.entries) {
      if (entry.sessionKey !== sessionKey) continue;
      this.entries.delete(key);
      changed.add(entry.conversationId);
    }
    return Promise.resolve([...changed]);
  }

  sweep(nowMs: number): Promise<string[]> {
    for (const [key, tat] of this.meters) if (tat <= nowMs - this.lapseMs) this.meters.delete(key);
    const changed = new Set<string>();
    for (const [key, entry] of this.entries) {
      if (nowMs - entry.lastSeenMs < this.lapseMs) continue;
      this.entries.delete(key);
      changed.add(entry.conversationId);
    }
    return Promise.resolve([...changed]);
  }

  viewers(conversationId: string): Promise<PresenceViewer[]> {
    return Promise.resolve(viewersOf(this.entries.values(), conversationId));
  }

  allViewers(): Promise<Map<string, PresenceViewer[]>> {
    return Promise.resolve(allViewersOf([...this.entries.values()]));
  }

  watched(): Promise<string[]> {
    return Promise.resolve([...new Set([...this.entries.values()].map((entry) => entry.conversationId))]);
  }
}

/** Every watched conversation's viewer list, from one read of the entries. */
export function allViewersOf(entries: PresenceEntry[]): Map<string, PresenceViewer[]> {
  const ids = new Set(entries.map((entry) => entry.conversationId));
  return new Map([...ids].map((id) => [id, viewersOf(entries, id)]));
}

/** A conversation's viewer list: one line per person (two browsers show once), replying wins over viewing. */
export function viewersOf(entries: Iterable<PresenceEntry>, conversationId: string): PresenceViewer[] {
  const byUser = new Map<string, PresenceEntry>();
  for (const entry of entries) {
    if (entry.conversationId !== conversationId) continue;
    const seen = byUser.get(entry.userId);
    if (!seen || (seen.state === 'viewing' && entry.state === 'replying')) byUser.set(entry.userId, entry);
  }
  return [...byUser.values()]
    .sort((a, b) => a.sinceMs - b.sinceMs)
    .map((entry) => ({
      user_id: entry.userId,
      name: entry.name,
      state: entry.state,
      since: new Date(entry.sinceMs).toISOString(),
    }));
}
