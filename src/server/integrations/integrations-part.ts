import type { FeedTiming } from '../feed/pacing.ts';
import { definePart } from '../part/part.ts';
import type { KeyProvider } from '../store-api/key-provider.ts';
import type { UpstreamClient } from '../store-api/upstream-client.ts';
import { IntegrationRefresh } from './integration-refresh.ts';
import { integrationRoutes } from './integration-routes.ts';
import { Integrations } from './integrations.ts';

/** What the integrations' refresh reads the store with: the store's client and the feed's timing. */
export interface IntegrationsNeeds {
  upstream: UpstreamClient;
  keys: KeyProvider;
  timing: FeedTiming;
}

/**
 * The webhook endpoints and templates remembered from the store's answers, and their refresh after the
 * feed's steps; a refresh tells every open list to read them again (the `records` event).
 */
export const integrationsPart = definePart({
  name: 'integrations',
  install(ctx, needs: IntegrationsNeeds) {
    const integrations = ctx.store((db) => new Integrations(db, ctx.now));
    const refresh = new IntegrationRefresh({
      integrations,
      ...needs,
      logger: ctx.logger,
      refreshed: () => ctx.changed(),
    });
    ctx.mount(integrationRoutes({ integrations, access: ctx.access }));
    return { integrations, refresh };
  },
});
