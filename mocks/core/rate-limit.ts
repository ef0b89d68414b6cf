/** One limit: `limit` requests per fixed window of `windowS` seconds. */
export interface RateLimitSetting {
  limit: number;
  windowS: number;
}

export interface RateLimitSettings {
  /** Per credential (key id, so a rolled key keeps its count) and route family. */
  perKey: RateLimitSetting;
  /** Per client address, whatever the credential. */
  perAddress: RateLimitSetting;
}

/**
 * Generous enough that dashboards polling every few seconds from several tabs behind one BFF
 * (one key, one address) never meet them; tests tighten them through PUT /__sim/rate-limits.
 */
export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  perKey: { limit: 20_000, windowS: 60 },
  perAddress: { limit: 20_000, windowS: 60 },
};

/** Where one limit stands after counting a request. */
export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Whole seconds until the window resets, at least 1. */
  resetS: number;
  exceeded: boolean;
}

interface Window {
  startMs: number;
  count: number;
}

export class RateLimiter {
  private settings: RateLimitSettings = DEFAULT_RATE_LIMITS;
  private readonly windows = new Map<string, Window>();

  get current(): RateLimitSettings {
    return this.settings;
  }

  configure(settings: RateLimitSettings): void {
    this.settings = settings;
    this.windows.clear();
  }

  /** Counts one request against `bucket` and says where that limit stands. */
  hit(kind: keyof RateLimitSettings, bucket: string, nowMs: number): RateLimitState {
    const { limit, windowS } = this.settings[kind];
    const windowMs = windowS * 1000;
    const name = `${kind}:${bucket}`;
    let window = this.windows.get(name);
    if (window === undefined || nowMs - window.startMs >= windowMs) {
      window = { startMs: nowMs, count: 0 };
      this.windows.set(name, window);
    }
    const exceeded = window.count >= limit;
    if (!exceeded) window.count += 1;
    return {
      limit,
      remaining: Math.max(0, limit - window.count),
      resetS: Math.max(1, Math.ceil((window.startMs + windowMs - nowMs) / 1000)),
      exceeded,
    };
  }
}

/** The limit with less left (the spec's rule for which one the headers describe). */
export function tightest(states: readonly RateLimitState[]): RateLimitState | undefined {
  return states.reduce<RateLimitState | undefined>((worst, state) => {
    if (worst === undefined || state.remaining < worst.remaining) return state;
    if (state.remaining === worst.remaining && state.resetS > worst.resetS) return state;
    return worst;
  }, undefined);
}

export function rateLimitHeaders(state: RateLimitState | undefined): Record<string, string> {
  if (state === undefined) return {};
  return {
    'RateLimit-Limit': String(state.limit),
    'RateLimit-Remaining': String(state.remaining),
    'RateLimit-Reset': String(state.resetS),
  };
}
