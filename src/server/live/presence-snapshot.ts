import type { LiveEvent, LiveEventData } from '../../schemas/live.ts';
import type { PresenceStore } from './presence.ts';

/** How long a conversation that lost its last viewer is still sent (empty) to streams as they open. */
const EMPTIED_KEPT_MS = 5 * 60_000;
const EMPTIED_MAX = 1000;

/**
 * Presence is not replayed (event-log.ts, `broadcast`): instead every stream, fresh or resumed, gets the
 * whole picture as it opens. That is each watched conversation's viewers, plus an empty list for those
 * whose last viewer left in the last few minutes, so a dashboard that was away while someone left does
 * not keep showing them. This replica learns of those from the presence events it delivers (`observe`).
 */
export class PresenceSnapshot {
  /** Conversation id → when its viewer list became empty (Map order: oldest first). */
  private readonly emptied = new Map<string, number>();

  constructor(
    private readonly presence: PresenceStore,
    private readonly now: () => number,
  ) {}

  observe(event: LiveEvent): void {
    if (event.name !== 'presence') return;
    const id = event.data.conversation_id;
    this.emptied.delete(id);
    if (event.data.viewers.length === 0) this.emptied.set(id, this.now());
    if (this.emptied.size > EMPTIED_MAX) this.emptied.delete(this.emptied.keys().next().value!);
  }

  async read(): Promise<LiveEventData['presence'][]> {
    const viewers = await this.presence.allViewers();
    for (const [id, at] of this.emptied) if (this.now() - at > EMPTIED_KEPT_MS) this.emptied.delete(id);
    const empty = [...this.emptied.keys()].filter((id) => !viewers.has(id));
    return [
      ...[...viewers].map(([id, list]) => ({ conversation_id: id, viewers: list })),
      ...empty.map((id) => ({ conversation_id: id, viewers: [] })),
    ];
  }
}
