import { definePart } from '../part/part.ts';
import { savedRepliesRoutes } from './saved-replies-routes.ts';
import { SavedReplies } from './saved-replies.ts';

/** The store team's saved replies; a change is told with the `records` event. */
export const savedRepliesPart = definePart({
  name: 'saved_replies',
  install(ctx) {
    const savedReplies = ctx.store((db) => new SavedReplies(db, ctx.now));
    ctx.mount(savedRepliesRoutes({ savedReplies, changed: () => ctx.changed(), access: ctx.access }));
  },
});
