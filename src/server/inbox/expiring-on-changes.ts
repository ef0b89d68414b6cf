import type { EventLog } from '../live/event-log.ts';

/**
 * The event log as the hub sees it on a replica: every `conversation` or `resync` event reaching this
 * replica's streams expires its copy of the model first, so the inbox read that the event prompts sees the
 * change (the writer publishes only after writing it).
 */
export function expiringOnChanges(log: EventLog, model: { expire(): void }): EventLog {
  return {
    append: log.append.bind(log),
    broadcast: log.broadcast.bind(log),
    readSince: log.readSince.bind(log),
    headId: log.headId.bind(log),
    subscribe: (listener) =>
      log.subscribe((event) => {
        if (event.name === 'conversation' || event.name === 'resync') model.expire();
        listener(event);
      }),
  };
}
