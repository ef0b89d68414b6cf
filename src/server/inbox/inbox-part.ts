import { definePart } from '../part/part.ts';
import { inboxRoutes, type InboxRoutesDeps } from './inbox-routes.ts';

/** The inbox's lists and opened markers: its service is built by the composition root, beside the feed. */
export const inboxPart = definePart({
  name: 'inbox',
  install(ctx, needs: Omit<InboxRoutesDeps, 'access'>) {
    ctx.mount(inboxRoutes({ ...needs, access: ctx.access }));
  },
});
