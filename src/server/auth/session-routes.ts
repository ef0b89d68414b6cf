import { randomBytes } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { z } from 'zod/mini';
import { loginRequestSchema } from '../../schemas/login-request.ts';
import { routeName, type AppEnv } from '../http/app-env.ts';
import { addressGroup, addressNetwork } from '../http/client-address.ts';
import { errorResponse, notFound } from '../http/errors.ts';
import { logBudget } from '../http/log-budget.ts';
import { bffRouter } from '../http/route.ts';
import type { Logger } from '../log/logger.ts';
import { securityEvent } from '../http/security-events.ts';
import { clearedSessionCookie, readSessionCookie } from '../sessions/session-cookie.ts';
import { hashPassword, verifyPassword, type ScryptParams } from '../users/password.ts';
import { isKnownBrowser, knownBrowserCookie } from './known-browser.ts';
import type { KnownGroups } from './known-groups.ts';
import { ThrottleUnavailableError, type LoginThrottle, type RefusalScope } from './login-throttle.ts';
import { mustSetUpSecondFactor } from './require-session.ts';
import type { RouteAccess } from './route-access.ts';
import { pendingSignInCookie } from './pending-sign-in.ts';
import { json, publicUser, startSession } from './start-session.ts';
import type { WorkLimiter } from './work-limiter.ts';

export interface SessionRoutesDeps {
  access: RouteAccess;
  throttle: LoginThrottle;
  hashLimiter: WorkLimiter;
  /** Address groups that signed in lately: their sign-ins are checked before new groups'. */
  knownGroups: KnownGroups;
  /** Signs the known-browser cookie (the session secret). */
  secret: string;
  now: () => number;
  /** Parameters of the decoy hash checked for unknown emails: the same cost as a real user's hash. */
  passwordParams: ScryptParams;
  clientAddress: (c: Context<AppEnv>) => string;
  sessionAbsoluteMs: number;
  /** Told when a session is destroyed here (sign-out, or a new sign-in replacing it): its live streams end. */
  onSessionEnd?: (token: string) => Promise<void>;
}

/** Queue priorities (work-limiter.ts): a browser that signed in to this email before, then known networks. */
const PRIORITY = { knownBrowser: 2, knownGroup: 1, stranger: 0 } as const;

/** The throttle's store did not answer: without counting, a sign-in must not be checked (503, never a crash). */
function throttleUnavailable(logger: Logger, c: Context<AppEnv>): Response {
  logger.error({ req_id: c.get('requestId') }, 'sign-in throttle store unavailable');
  return errorResponse(
    503,
    'sign_in_unavailable',
    'Signing in is unavailable for a moment. Try again shortly.',
    {},
    { 'retry-after': '5' },
  );
}

/** /bff/login, /bff/logout, /bff/session: the BFF's own sign-in routes. CSRF is checked before these run. */
export function sessionRoutes(deps: SessionRoutesDeps): Hono<AppEnv> {
  const router = bffRouter(deps.access);
  const { sessions, directory, secure, logger } = deps.access;
  const starting = { ...deps, ...deps.access };
  // Unknown emails are checked against this decoy, so they take as long as known ones (no enumeration by timing).
  const decoyHash = hashPassword(randomBytes(16).toString('hex'), deps.passwordParams);
  const refusalLog = logBudget(deps.now, 10, 120);
  // Failed sign-ins are logged within the same kind of budget: a spray from many addresses must not
  // flood the log (the next line logged says how many were left out).
  const failureLog = logBudget(deps.now, 10, 120);

  const signIn = {
    schema: loginRequestSchema,
    subject: 'the sign-in',
    hint: 'Enter an email address and a password.',
  };
  router.post('/login', { session: 'none', body: signIn }, async (c, { body }) => {
    const { email, password, remember } = body;
    const address = deps.clientAddress(c);

    const group = addressGroup(address);
    // Every refusal is a security event naming the group, within a log budget (a flood is many refusals).
    const refused = (scope: RefusalScope | 'queue', retryAfterSeconds: number, message: string) => {
      const extra = refusalLog.admit(group);
      if (extra) {
        securityEvent(logger, c, 'auth.sign_in_throttled', {
          email,
          client: address,
          group,
          scope,
          ...extra,
        });
      }
      return errorResponse(429, 'rate_limited', message, {}, { 'retry-after': String(retryAfterSeconds) });
    };

    const user = directory.findByEmail(email);
    const stored = user?.passwordHash ?? (await decoyHash);
    let checked: boolean;
    try {
      // Counted before it waits for a password check: a sign-in the full queue turns away still spends
      // its group's budget, so a flood pays for every try.
      const verdict = await deps.throttle.begin(email, address);
      if (!verdict.allowed) {
        const { scope, retryAfterSeconds } = verdict;
        return refused(
          scope,
          retryAfterSeconds,
          scope === 'capacity'
            ? `Too many sign-ins right now. Try again in ${retryAfterSeconds} seconds.`
            : `Too many failed sign-ins. Try again in ${retryAfterSeconds} seconds.`,
        );
      }
      // Queue keys: a known browser waits as its email, a known network as its address group, strangers
      // as their network (a /48 or /24), so many addresses of one holder share one share of the places.
      const cookies = c.req.header('cookie');
      const [key, priority] = isKnownBrowser(cookies, deps.secret, email, secure)
        ? [`email:${email}`, PRIORITY.knownBrowser]
        : (await deps.knownGroups.has(group).catch(() => false))
          ? [`group:${group}`, PRIORITY.knownGroup]
          : [`network:${addressNetwork(address)}`, PRIORITY.stranger];
      const ran = await deps.hashLimiter.run(key, () => verifyPassword(password, stored), priority);
      if (!ran) return refused('queue', 1, 'Too many sign-ins at once. Try again in a second.');
      checked = ran.value;
      if (checked) await verdict.attempt.succeeded();
    } catch (error) {
      if (!(error instanceof ThrottleUnavailableError)) throw error;
      return throttleUnavailable(logger, c);
    }
    if (!user || !checked) {
      const extra = failureLog.admit(group);
      if (extra)
        securityEvent(logger, c, 'auth.sign_in_failed', {
          email,
          client: address,
          group,
          reason: user ? 'wrong_password' : 'unknown_email',
          ...extra,
        });
      return errorResponse(401, 'invalid_credentials', 'The email or password is not right.');
    }
    await deps.knownGroups
      .add(group)
      .catch((error: unknown) =>
        logger.warn({ err_message: (error as Error).message }, 'recording a known address group failed'),
      );

    // With a second factor, the password only opens the next step: the code (second-factor-routes.ts).
    if (user.secondFactor)
      return json(200, { data: { second_factor: 'totp' } }, [
        pendingSignInCookie(
          deps.secret,
          { email: user.email, remember: remember === true },
          deps.now(),
          secure,
        ),
      ]);
    const sessionCookie = await startSession(starting, c, user, remember === true);
    securityEvent(logger, c, 'auth.sign_in_succeeded', {
      email,
      user_id: user.id,
      client: address,
      remember: remember === true,
    });
    // Required to use a second factor and without one: the session opens only its setup (require-session.ts).
    const setup = mustSetUpSecondFactor(user) ? { second_factor_setup_required: true } : {};
    return json(200, { data: { user: publicUser(user), ...setup } }, [
      sessionCookie,
      knownBrowserCookie(deps.secret, user.email, secure),
    ]);
  });

  router.post('/logout', { session: 'none' }, async (c) => {
    const token = readSessionCookie(c.req.header('cookie'), secure);
    const session = await sessions.get(token, false);
    await sessions.destroy(token);
    if (session) securityEvent(logger, c, 'auth.sign_out', { user_id: session.userId });
    if (token !== undefined) await deps.onSessionEnd?.(token);
    return new Response(null, {
      status: 204,
      headers: {
        'set-cookie': clearedSessionCookie(secure),
        'cache-control': 'no-store',
        // A shared shop computer: the browser drops this origin's cache and storage (drafts, outbox), so
        // the next person sees nothing. The SPA asks about unsent replies before it calls this.
        'clear-site-data': '"cache", "storage"',
      },
    });
  });

  // "Sign out everywhere": every session of this person ends, on every replica (this one included).
  router.post('/sessions/end-all', { session: 'signed in' }, async (c) => {
    const user = c.get('user');
    const token = c.get('sessionToken');
    const ended = await sessions.destroyAllOf(user.email);
    securityEvent(logger, c, 'auth.session_revoked', {
      user_id: user.id,
      reason: 'signed_out_everywhere',
      sessions: ended,
    });
    await deps.onSessionEnd?.(token);
    const response = json(200, { data: { ended } }, [clearedSessionCookie(secure)]);
    response.headers.set('clear-site-data', '"cache", "storage"');
    return response;
  });

  const current = {
    session: 'second-factor setup',
    query: {
      schema: z.object({ optional: z.optional(z.string()) }),
      refused: () =>
        errorResponse(400, 'invalid_query', 'Ask for the session with optional=1, or with no query.'),
    },
    // `?optional=1` is the SPA's first look: nobody signed in is then an answer (200, data null), not a
    // 401 that the browser reports in the console as a failed load. Without it: 401, as on every route.
    signedOut: (refused: Response, query: { optional?: string | undefined }) => {
      if (query.optional !== '1') return undefined;
      const cleared = refused.headers.get('set-cookie');
      return json(200, { data: null }, cleared ? [cleared] : []);
    },
  } as const;
  router.get('/session', current, (c) =>
    json(200, {
      data: {
        user: publicUser(c.get('user')),
        roster: directory.roster(),
        // For display only (their names on notes and history lines), never offered for assignment.
        former: directory.former?.() ?? [],
        second_factor_setup_required: mustSetUpSecondFactor(c.get('user')),
      },
    }),
  );

  router.routes.all('*', routeName('/bff/*'), () => notFound());
  return router.routes;
}
