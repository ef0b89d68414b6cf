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
 * Who is where. Async so that a shared (Redis) implementation can replace the memory one. Every method that
 * changes something returns the conversations whose viewer list changed, so the caller publishes them.
 */
export interface PresenceStore {
  heartbeat(update: PresenceUpdateEntry, nowMs: number): Promise<string[]>;
  /** Ends the presence of every tab of a session (sign-out, its last stream closed). */
  remove(sessionKey: string): Promise<string[]>;
  /** Drops entries without a heartbeat for the lapse time. */
  sweep(nowMs: number): Promise<string[]>;
  viewers(conversationId: string): Promise<PresenceViewer[]>;
  /** Every conversation with at least one viewer: what the store feed tails. */
  watched(): Promise<string[]>;
}

/** An entry lapses after this long without a heartbeat (the SPA sends one about every 10 s). */
export const PRESENCE_LAPSE_MS = 30_000;

/** Entries are per tab: the tabs of one browser share its session but each watches its own conversation. */
export const entryKey = (entry: Pick<PresenceEntry, 'sessionKey' | 'tabId'>) =>
  `${entry.sessionKey} ${entry.tabId}`;

export class MemoryPresenceStore implements PresenceStore {
  private readonly entries = new Map<string, PresenceEntry>();

  constructor(private readonly lapseMs = PRESENCE_LAPSE_MS) {}

  heartbeat(update: PresenceUpdateEntry, nowMs: number): Promise<string[]> {
    const key = entryKey(update);
    const previous = this.entries.get(key);
    if (update.conversationId === null) {
      this.entries.delete(key);
      return Promise.resolve(previous ? [previous.conversationId] : []);
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
    if (same) return Promise.resolve([]);
    const changed = new Set([entry.conversationId]);
    if (previous) changed.add(previous.conversationId);
    return Promise.resolve([...changed]);
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

  watched(): Promise<string[]> {
    return Promise.resolve([...new Set([...this.entries.values()].map((entry) => entry.conversationId))]);
  }
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
