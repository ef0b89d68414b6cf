import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import type { Logger } from '../log/logger.ts';
import type { KeyProvider } from './key-provider.ts';
import type { UpstreamClient } from './upstream-client.ts';
import { readBudget, retryAfterMs, type RateBudget } from './rate-budget.ts';

/** A Commerce API list page; items are checked one by one by the caller (lenient, like the SPA). */
export const pageSchema = z.looseObject({
  data: z.array(z.unknown()),
  page: z.looseObject({ has_more: z.boolean(), next_cursor: z.string().nullable().optional() }),
});

export type ReadResult =
  | { kind: 'ok'; body: unknown; headers: IncomingHttpHeaders }
  | { kind: 'not_found' }
  | { kind: 'throttled'; retryAfterMs: number | undefined }
  | { kind: 'failed'; reason: string };

/**
 * The feed's GETs, with the store key like the proxy's. Read only: it has no way to send anything but GET.
 * Requests go one at a time (the feed awaits each), so the feed holds at most one of the pool's sockets
 * and the dashboards' own requests never queue behind it.
 */
export class ReadOnlyStoreClient {
  budget: RateBudget | undefined;
  /** Requests sent since the last `takeCount()`. */
  private count = 0;

  constructor(
    private readonly upstream: UpstreamClient,
    private readonly keys: KeyProvider,
    private readonly logger: Logger,
  ) {}

  takeCount(): number {
    const count = this.count;
    this.count = 0;
    return count;
  }

  async get(target: string): Promise<ReadResult> {
    this.count += 1;
    const result = await this.upstream.send({
      method: 'GET',
      target,
      headers: { authorization: `Bearer ${this.keys.current()}`, accept: 'application/json' },
    });
    if (result.kind !== 'response') return { kind: 'failed', reason: result.kind };
    this.budget = readBudget(result.headers) ?? this.budget;
    const { status } = result;
    if (status === 429) return { kind: 'throttled', retryAfterMs: retryAfterMs(result.headers) };
    if (status === 404) return { kind: 'not_found' };
    if (status < 200 || status >= 300) {
      if (status === 401) this.logger.error('live feed: the store key was refused');
      return { kind: 'failed', reason: `status ${status}` };
    }
    try {
      return {
        kind: 'ok',
        body: JSON.parse(result.body.toString('utf8')) as unknown,
        headers: result.headers,
      };
    } catch {
      return { kind: 'failed', reason: 'malformed body' };
    }
  }
}
