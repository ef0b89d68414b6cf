import type { PublishHistory } from '../history/conversation-history.ts';
import { definePart } from '../part/part.ts';
import { tagRoutes, type TagRoutesDeps } from './tag-routes.ts';
import { TagStore } from './tag-store.ts';

export interface TagsNeeds extends Pick<TagRoutesDeps, 'knownConversation'> {
  /** Adding and removing a tag is recorded in the conversation's history. */
  publishHistory: PublishHistory;
}

/** The store's tags and the conversations that carry them; a change is told with the `records` event. */
export const tagsPart = definePart({
  name: 'tags',
  install(ctx, needs: TagsNeeds) {
    const tags = ctx.store(
      (db) =>
        new TagStore(db, ctx.now, {
          history: needs.publishHistory,
          tags: (conversationIds) => ctx.changed(conversationIds),
        }),
    );
    ctx.mount(tagRoutes({ tags, knownConversation: needs.knownConversation, access: ctx.access }));
    return { tags };
  },
});
