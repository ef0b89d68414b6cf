import { webhookEndpointSchema } from '../../schemas/webhook-endpoint.ts';
import { spendable, type FeedTiming } from '../feed/pacing.ts';
import type { RateBudget } from '../store-api/rate-budget.ts';
import { ReadOnlyStoreClient } from '../store-api/read-only-store-client.ts';
import type { Logger } from '../log/logger.ts';
import type { KeyProvider } from '../store-api/key-provider.ts';
import type { UpstreamClient } from '../store-api/upstream-client.ts';
import type { Integrations } from './integrations.ts';

/** Remembered endpoints marked for a refresh when an owner opens the list, at most. */
export const REFRESH_AT_OPEN_MAX = 10;
/** Endpoints read again per feed step at most: a step stays short, the rest follow at the next ones. */
const REFRESHES_PER_STEP = 3;

export interface IntegrationRefreshDeps {
  integrations: () => Promise<Integrations>;
  upstream: UpstreamClient;
  keys: KeyProvider;
  logger: Logger;
  /** The feed's timing: its reserve for the dashboards' own requests is left alone. */
  timing: FeedTiming;
  /** Tells every open list to read the entries again. */
  refreshed: () => Promise<void>;
}

/**
 * The remembered webhook endpoints' states, read again from the store after the feed's steps (only the
 * replica holding the feed lease runs it), from the feed's own share of the store's rate limit: never
 * from the budget of the owner who opened the list, and never from the reserve the feed keeps for the
 * dashboards. The marks are in the database, so an owner on any replica asks the one reader.
 */
export class IntegrationRefresh {
  private readonly store: ReadOnlyStoreClient;

  constructor(private readonly deps: IntegrationRefreshDeps) {
    this.store = new ReadOnlyStoreClient(deps.upstream, deps.keys, deps.logger);
  }

  /** One step's share, given the budget the store announced to the feed; answers what it spent. */
  async step(budget: RateBudget | undefined): Promise<{ requests: number; budget: RateBudget | undefined }> {
    this.store.budget = budget;
    this.store.takeCount();
    if (spendable(this.deps.timing, budget) < 1) return { requests: 0, budget };
    try {
      await this.refreshSome();
    } catch (error) {
      // The database is out: the marks wait for it (what was read stays counted).
      this.deps.logger.warn({ err_message: (error as Error).message }, 'refreshing integrations failed');
    }
    return { requests: this.store.takeCount(), budget: this.store.budget };
  }

  private async refreshSome(): Promise<void> {
    const kept = await this.deps.integrations();
    const wanted = await kept.refreshesWanted(REFRESHES_PER_STEP);
    let changed = false;
    for (const id of wanted) {
      if (spendable(this.deps.timing, this.store.budget) < 1) break;
      const result = await this.store.get(`/api/v1/webhook-endpoints/${encodeURIComponent(id)}`);
      // Refused for now: the marks wait for a later step.
      if (result.kind === 'throttled') break;
      const endpoint =
        result.kind === 'ok'
          ? webhookEndpointSchema.safeParse((result.body as { data?: unknown } | null)?.data)
          : undefined;
      if (endpoint?.success && endpoint.data.id === id) await kept.endpointRefreshed(endpoint.data);
      else if (result.kind === 'not_found') await kept.endpointGone(id);
      else await kept.refreshDropped(id);
      changed = true;
    }
    if (changed) await this.deps.refreshed();
  }
}
