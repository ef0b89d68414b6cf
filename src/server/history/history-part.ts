import { definePart } from '../part/part.ts';
import { ConversationHistory, type PublishHistory } from './conversation-history.ts';
import { historyRoutes } from './history-routes.ts';
import { Retention } from './retention.ts';

/**
 * Each conversation's history and how long the dashboard keeps it. Its face: the history, and the
 * publisher of its entries that the parts recording into it (tags, snoozes) share.
 */
export const historyPart = definePart({
  name: 'history',
  install(ctx) {
    const publishHistory: PublishHistory = async (entries) => {
      if (entries.length > 0) await ctx.publish('history', { entries });
    };
    // A transition that ends snoozes (a close) tells the dashboards with the snooze event.
    const history = ctx.store(
      (db) =>
        new ConversationHistory(db, publishHistory, (conversationIds) =>
          ctx.publish('snooze', { conversation_ids: conversationIds }),
        ),
    );
    const retention = ctx.store((db) => new Retention(db, ctx.now));
    ctx.mount(historyRoutes({ history, retention, access: ctx.access }));
    return { history, publishHistory };
  },
});
