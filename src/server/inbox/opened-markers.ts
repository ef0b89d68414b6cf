import { DEFAULT_WAITING_THRESHOLD_MINUTES, type InboxSettings } from '../../schemas/inbox.ts';

/**
 * "Last opened" per (staff member, conversation), kept on the server so it follows the person across
 * reloads and devices. The value is the store-clock time the conversation was read up to (see
 * InboxService.markOpened). Async, so that replicas can share a Redis implementation.
 */
export interface OpenedMarkerStore {
  set(userId: string, conversationId: string, readUpTo: string): Promise<void>;
  /** The markers of one user: conversation id -> read up to. */
  forUser(userId: string): Promise<ReadonlyMap<string, string>>;
}

/** Markers kept per user; beyond this the oldest are dropped (a conversation opened long ago reads as unread). */
export const MARKERS_PER_USER = 10_000;

export class MemoryOpenedMarkerStore implements OpenedMarkerStore {
  private readonly markers = new Map<string, Map<string, string>>();

  constructor(private readonly maxPerUser = MARKERS_PER_USER) {}

  set(userId: string, conversationId: string, readUpTo: string): Promise<void> {
    let mine = this.markers.get(userId);
    if (!mine) {
      mine = new Map();
      this.markers.set(userId, mine);
    }
    const before = mine.get(conversationId);
    // Never backwards: two devices opening the same conversation keep the later mark.
    if (before !== undefined && Date.parse(before) >= Date.parse(readUpTo)) return Promise.resolve();
    mine.delete(conversationId);
    mine.set(conversationId, readUpTo);
    if (mine.size > this.maxPerUser) mine.delete(mine.keys().next().value!);
    return Promise.resolve();
  }

  forUser(userId: string): Promise<ReadonlyMap<string, string>> {
    return Promise.resolve(this.markers.get(userId) ?? new Map<string, string>());
  }
}

/** The inbox's owner-set settings (the waiting threshold). Async for a shared implementation. */
export interface InboxSettingsStore {
  get(): Promise<InboxSettings>;
  set(settings: InboxSettings): Promise<void>;
}

export class MemoryInboxSettingsStore implements InboxSettingsStore {
  private settings: InboxSettings = { waiting_threshold_minutes: DEFAULT_WAITING_THRESHOLD_MINUTES };

  get(): Promise<InboxSettings> {
    return Promise.resolve(this.settings);
  }

  set(settings: InboxSettings): Promise<void> {
    this.settings = { ...settings };
    return Promise.resolve();
  }
}
