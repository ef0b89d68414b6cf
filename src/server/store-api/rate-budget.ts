import type { IncomingHttpHeaders } from 'node:http';

/** What the store says is left of its rate limit, from the answer's headers. */
export interface RateBudget {
  limit: number;
  remaining: number;
  resetS: number;
}

function headerInt(headers: IncomingHttpHeaders, name: string): number | undefined {
  const raw = headers[name];
  const text = Array.isArray(raw) ? raw[0] : raw;
  if (text === undefined || !/^\s*\d+\s*$/.test(text)) return undefined;
  return Number(text);
}

/** The spec's RateLimit-* headers, when all three are present and sane. */
export function readBudget(headers: IncomingHttpHeaders): RateBudget | undefined {
  const limit = headerInt(headers, 'ratelimit-limit');
  const remaining = headerInt(headers, 'ratelimit-remaining');
  const resetS = headerInt(headers, 'ratelimit-reset');
  if (limit === undefined || remaining === undefined || resetS === undefined || limit <= 0) return undefined;
  return { limit, remaining, resetS: Math.max(resetS, 1) };
}

export function retryAfterMs(headers: IncomingHttpHeaders): number | undefined {
  const seconds = headerInt(headers, 'retry-after');
  return seconds === undefined ? undefined : Math.max(seconds, 1) * 1000;
}
