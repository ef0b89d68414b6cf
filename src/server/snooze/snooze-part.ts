import { DatabaseUnavailableError } from '../db/database.ts';
import type { PublishHistory } from '../history/conversation-history.ts';
import { definePart } from '../part/part.ts';
import { snoozeRoutes, type SnoozeRoutesDeps } from './snooze-routes.ts';
import { SnoozeStore, type WakeFacts } from './snooze-store.ts';
import { SnoozeWaker } from './snooze-waker.ts';

export interface SnoozeNeeds extends Pick<SnoozeRoutesDeps, 'lookUp'> {
  /** Snoozing and waking are recorded in the conversation's history. */
  publishHistory: PublishHistory;
  /** A wake tells the assignee (else who snoozed it), naming the shopper as the inbox's model knows them. */
  wakeFacts: WakeFacts;
}

/**
 * Snoozed conversations, each told to every dashboard with its own `snooze` event (whom to tell of one
 * that woke). Its face: the store, its waker (started by whoever runs the app) and what opening a
 * conversation does to a woken snooze.
 */
export const snoozePart = definePart({
  name: 'snooze',
  install(ctx, needs: SnoozeNeeds) {
    const snoozes = ctx.store(
      (db) =>
        new SnoozeStore(
          db,
          ctx.now,
          { history: needs.publishHistory, snooze: (event) => ctx.publish('snooze', event) },
          needs.wakeFacts,
        ),
    );
    ctx.mount(snoozeRoutes({ snoozes, lookUp: needs.lookUp, now: ctx.now, access: ctx.access }));
    return {
      snoozes,
      waker: new SnoozeWaker(snoozes, ctx.logger),
      /** Someone opened the conversation: its woken snooze has been seen. */
      opened: async (conversationId: string) => {
        // While the database is down the open still counts; the woken mark waits for the next open.
        await snoozes()
          .then((store) => store.dismissWoken(conversationId))
          .catch((error: unknown) => {
            if (!(error instanceof DatabaseUnavailableError)) throw error;
          });
      },
    };
  },
});
