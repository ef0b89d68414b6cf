import { definePart } from '../part/part.ts';
import { ConfigVersions } from './config-versions.ts';
import { keptCopiesRoutes } from './kept-copies-routes.ts';
import { KnowledgeTexts } from './knowledge-texts.ts';

/** The copies the dashboard keeps of the assistant's settings and knowledge texts, and their routes. */
export const keptCopiesPart = definePart({
  name: 'kept_copies',
  install(ctx) {
    const configVersions = ctx.store((db) => new ConfigVersions(db, ctx.now));
    const knowledgeTexts = ctx.store((db) => new KnowledgeTexts(db, ctx.now));
    ctx.mount(keptCopiesRoutes({ configVersions, knowledgeTexts, access: ctx.access }));
    return { configVersions, knowledgeTexts };
  },
});
