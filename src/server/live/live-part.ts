import { definePart } from '../part/part.ts';
import type { LiveHub } from './live-hub.ts';
import { liveRoutes } from './live-routes.ts';

/** The live stream and presence: the hub is built by the composition root, which feeds it. */
export const livePart = definePart({
  name: 'live',
  install(ctx, needs: { hub: LiveHub }) {
    ctx.mount(liveRoutes({ hub: needs.hub, access: ctx.access }));
  },
});
