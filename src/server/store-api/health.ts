import { timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import type { KeyProvider } from './key-provider.ts';
import type { UpstreamClient } from './upstream-client.ts';
import type { AppEnv } from '../http/app-env.ts';
import type { Logger } from '../log/logger.ts';

export interface Readiness {
  ready: boolean;
  /** Why not ready, in words an operator can act on. Never contains the key. */
  reason?: string;
}

/**
 * Readiness = the upstream answers and accepts the store key. Probed with the cheapest read the key must be
 * allowed (GET agent-config, scope read_sales_agent). The answer is cached briefly and concurrent probes
 * share one upstream call, so an unauthenticated /readyz cannot be used to hammer the Commerce API.
 */
export function createReadinessProbe(
  upstream: UpstreamClient,
  keys: KeyProvider,
  now: () => number,
  logger?: Logger,
  cacheMs = 2000,
  /** Checked first, without the cache: the shared state store (Redis) and the database being reachable. */
  precheck?: () => Readiness | Promise<Readiness>,
): () => Promise<Readiness> {
  let cached: { at: number; value: Readiness } | undefined;
  let lastReason: string | undefined;
  let inFlight: Promise<Readiness> | undefined;

  const probe = async (): Promise<Readiness> => {
    const result = await upstream.send({
      method: 'GET',
      target: '/api/v1/agent-config',
      headers: {
        authorization: `Bearer ${keys.current()}`,
        accept: 'application/json',
        'accept-encoding': 'identity',
      },
    });
    if (result.kind === 'timeout')
      return { ready: false, reason: 'upstream_timeout: the Commerce API did not answer in time' };
    if (result.kind !== 'response')
      return { ready: false, reason: 'upstream_unreachable: the Commerce API cannot be reached' };
    if (result.status === 401)
      return { ready: false, reason: 'upstream_unauthorized: the Commerce API refused the store key' };
    if (result.status === 403)
      return { ready: false, reason: 'insufficient_scope: the store key lacks read_sales_agent' };
    // 429 still proves the upstream is there and took the request; only the rate budget is spent.
    if (result.status === 200 || result.status === 429) return { ready: true };
    return {
      ready: false,
      reason: `upstream_status_${result.status}: the Commerce API is not answering normally`,
    };
  };

  const upstreamReadiness = async () => {
    if (cached && now() - cached.at < cacheMs) return cached.value;
    inFlight ??= probe().finally(() => {
      inFlight = undefined;
    });
    const value = await inFlight;
    cached = { at: now(), value };
    return value;
  };

  return async () => {
    const local = await precheck?.();
    const value = local && !local.ready ? local : await upstreamReadiness();
    // The reason goes to the log (once per change), where the operator looks; the answer may not show it.
    if (value.reason !== lastReason) {
      if (value.reason) logger?.warn({ reason: value.reason }, 'not ready');
      else if (lastReason) logger?.info('ready again');
      lastReason = value.reason;
    }
    return value;
  };
}

const LOOPBACK_ADDRESSES = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
export const HEALTH_TOKEN_HEADER = 'x-health-token';

function tokenMatches(sent: string | undefined, expected: string | undefined): boolean {
  if (!sent || !expected) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * /readyz's answer. Why the store is not ready (the key was refused...) helps an attacker as much as an
 * operator, so only a probe from this machine or one carrying HEALTH_TOKEN sees the reason; everyone
 * else gets the status alone.
 */
export function readinessAnswer(
  state: Readiness,
  c: Context<AppEnv>,
  clientAddress: string,
  healthToken: string | undefined,
): Response {
  const trusted =
    LOOPBACK_ADDRESSES.has(clientAddress) || tokenMatches(c.req.header(HEALTH_TOKEN_HEADER), healthToken);
  const body = state.ready
    ? { status: 'ready' }
    : { status: 'not_ready', ...(trusted && state.reason ? { reason: state.reason } : {}) };
  return new Response(JSON.stringify(body), {
    status: state.ready ? 200 : 503,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  });
}
