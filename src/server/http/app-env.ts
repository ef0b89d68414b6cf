import type { HttpBindings } from '@hono/node-server';
import type { MiddlewareHandler } from 'hono';
import type { DirectoryUser } from '../users/directory.ts';

/** What the middlewares share through the Hono context. */
export interface AppVariables {
  requestId: string;
  /** Route pattern for the log line (ids replaced by placeholders). */
  route: string;
  /** Set by the session middleware on /api and /bff/session. */
  user: DirectoryUser;
  sessionToken: string;
  /**
   * Charges the store requests a /bff route makes (one unless said) to the signed-in person's budget (the
   * /api one), before it makes them; throws StoreBudgetSpentError (429) when they do not fit. Set on every
   * /bff request, used after the session check.
   */
  chargeStore: (requests?: number) => Promise<void>;
  /** Spends the person's budget for one of the dashboard's own writes (see write-budgets.ts). */
  spendWrite: (spend: WriteSpend) => Promise<void>;
  /** The fixed security headers (see security-headers.ts) and whether an answer already carries them. */
  securityHeaders: Record<string, string>;
  securityHeadersSet: boolean;
}

/** Bindings are present when served by @hono/node-server and absent under app.request() in tests. */
export type AppEnv = { Variables: AppVariables; Bindings: Partial<HttpBindings> };

/** Names the route for the log line before the route's other middleware (the session check) runs. */
export const routeName =
  (name: string): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    c.set('route', name);
    await next();
  };

/** What a write spends: one of a kind, or a note with its size and the teammates it mentions. */
export type WriteSpend =
  | { kind: 'tags' | 'snoozes' | 'savedReplies' | 'availability' }
  | { kind: 'notes'; bytes: number; mentioned: readonly string[] };
