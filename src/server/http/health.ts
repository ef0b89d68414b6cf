import type { KeyProvider } from '../proxy/key-provider.ts';
import type { UpstreamClient } from '../proxy/upstream-client.ts';

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
  cacheMs = 2000,
): () => Promise<Readiness> {
  let cached: { at: number; value: Readiness } | undefined;
  let inFlight: Promise<Readiness> | undefined;

  const probe = async (): Promise<Readiness> => {
    const result = await upstream.send({
      method: 'GET',
      target: '/api/v1/agent-config',
      headers: { authorization: `Bearer ${keys.current()}`, accept: 'application/json' },
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

  return async () => {
    if (cached && now() - cached.at < cacheMs) return cached.value;
    inFlight ??= probe().finally(() => {
      inFlight = undefined;
    });
    const value = await inFlight;
    cached = { at: now(), value };
    return value;
  };
}
