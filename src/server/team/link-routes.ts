import { Hono, type Context } from 'hono';
import { acceptLinkSchema, passwordChangeSchema, type LinkSummary } from '../../schemas/team.ts';
import { requireSession } from '../auth/require-session.ts';
import { json, publicUser, startSession, type StartSessionDeps } from '../auth/start-session.ts';
import { ThrottleUnavailableError } from '../auth/login-throttle.ts';
import { throttledPasswordWork, type PasswordWorkDeps } from '../auth/throttled-password-work.ts';
import { routeName as route, type AppEnv } from '../http/app-env.ts';
import { limitBody } from '../http/body-limit.ts';
import { errorResponse } from '../http/errors.ts';
import { readJsonBodyAs } from '../http/json-body.ts';
import { securityEvent } from '../http/security-events.ts';
import { sessionKeyFor } from '../sessions/session-store.ts';
import type { UserDirectory } from '../users/directory.ts';
import { hashPassword, verifyPassword, type ScryptParams } from '../users/password.ts';
import type { People } from '../users/people.ts';
import { refusalResponse } from './team-refusals.ts';

export interface LinkRoutesDeps extends StartSessionDeps, PasswordWorkDeps {
  people: () => Promise<People>;
  refresh: () => Promise<void>;
  directory: UserDirectory;
  passwordParams: ScryptParams;
  /** The session secret: which listed session is this browser's. */
  secret: string;
}

/** Link tokens are 32 random bytes, base64url. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The routes of a person, not of the team:
 * - GET /bff/team-links/{token}: who an invitation or reset link is for (the page that opens it);
 * - POST /bff/team-links/{token} `{name?, password}`: uses it once and signs the person in (throttled
 *   like sign-in, counted before the password is hashed); a reset ends every other session of theirs;
 * - PUT /bff/account/password `{current_password, new_password}`: one's own password; every other
 *   session of theirs ends, this browser gets a fresh one;
 * - GET /bff/account/sessions: one's sessions (browser, address, last active); DELETE
 *   /bff/account/sessions/{id} ends one.
 */
export function linkRoutes(deps: LinkRoutesDeps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const tokenOf = (c: Context<AppEnv>) => {
    const token = c.req.param('token') ?? '';
    return TOKEN_PATTERN.test(token) ? token : '';
  };
  routes.get('/team-links/:token', route('/bff/team-links/{token}'), async (c) => {
    try {
      const { kind, person } = await (await deps.people()).links.openLink(tokenOf(c));
      const summary: LinkSummary = { kind, email: person.email ?? '', name: person.name };
      return json(200, { data: summary });
    } catch (error) {
      return refusalResponse(error);
    }
  });

  routes.post('/team-links/:token', route('/bff/team-links/{token}'), limitBody(), async (c) => {
    const input = await readJsonBodyAs(
      c,
      acceptLinkSchema,
      'the new password',
      'Send {name (for an invitation), password}: a password of 12 to 1024 characters.',
    );
    if (!input.ok) return input.response;
    const links = (await deps.people()).links;
    const token = tokenOf(c);
    try {
      const { kind, person } = await links.openLink(token);
      const hashed = await throttledPasswordWork(deps, c, person.email ?? '', () =>
        hashPassword(input.value.password, deps.passwordParams),
      );
      if ('refused' in hashed) return hashed.refused;
      const joined = await links.useLink(token, hashed.value, input.value.name);
      await hashed.succeeded();
      await deps.refresh();
      const user = deps.directory.findByEmail(joined.email ?? '');
      if (!user) return refusalResponse(new Error('the person just activated is not in the directory'));
      if (kind === 'reset') {
        // A reset is how an owner takes an account back: whoever holds its old sessions is signed out.
        const ended = await deps.sessions.destroyAllOf(user.email);
        securityEvent(deps.logger, c, 'auth.session_revoked', {
          user_id: user.id,
          reason: 'password_reset',
          sessions: ended,
        });
      }
      securityEvent(deps.logger, c, 'auth.sign_in_succeeded', {
        email: user.email,
        user_id: user.id,
        via: 'link',
      });
      const cookie = await startSession(deps, c, user, false);
      return json(200, { data: { user: publicUser(user) } }, [cookie]);
    } catch (error) {
      if (error instanceof ThrottleUnavailableError)
        return errorResponse(
          503,
          'sign_in_unavailable',
          'Signing in is unavailable for a moment. Try again shortly.',
          {},
          { 'retry-after': '5' },
        );
      return refusalResponse(error);
    }
  });

  routes.put(
    '/account/password',
    route('/bff/account/password'),
    requireSession(deps),
    limitBody(),
    async (c) => {
      const input = await readJsonBodyAs(
        c,
        passwordChangeSchema,
        'the password change',
        'Send {current_password, new_password}: the new one of 12 to 1024 characters.',
      );
      if (!input.ok) return input.response;
      const user = c.get('user');
      try {
        const checked = await throttledPasswordWork(deps, c, user.email, () =>
          verifyPassword(input.value.current_password, user.passwordHash),
        );
        if ('refused' in checked) return checked.refused;
        if (!checked.value) {
          securityEvent(deps.logger, c, 'auth.sign_in_failed', {
            email: user.email,
            reason: 'wrong_password',
            via: 'password_change',
          });
          return errorResponse(
            403,
            'wrong_password',
            'Your current password is not right. Nothing was changed.',
            { field: 'current_password' },
          );
        }
        await checked.succeeded();
      } catch (error) {
        if (!(error instanceof ThrottleUnavailableError)) throw error;
        return errorResponse(
          503,
          'sign_in_unavailable',
          'Changing a password is unavailable for a moment. Try again shortly.',
          {},
          { 'retry-after': '5' },
        );
      }
      const hash = await hashPassword(input.value.new_password, deps.passwordParams);
      await (await deps.people()).setPassword(user.id, hash);
      await deps.refresh();
      // Every session of theirs ends (the other browsers, on every replica); this one starts afresh.
      const ended = await deps.sessions.destroyAllOf(user.email);
      securityEvent(deps.logger, c, 'auth.session_revoked', {
        user_id: user.id,
        reason: 'password_changed',
        sessions: ended,
      });
      const now = deps.directory.findByEmail(user.email) ?? user;
      const cookie = await startSession(deps, c, now, false);
      return json(200, { data: { user: publicUser(now) } }, [cookie]);
    },
  );

  routes.get('/account/sessions', route('/bff/account/sessions'), requireSession(deps), async (c) => {
    const current = sessionKeyFor(deps.secret, c.get('sessionToken'));
    const sessions = await deps.sessions.listOf(c.get('user').email);
    return json(200, {
      data: sessions.map((session) => ({
        id: session.id,
        browser: session.browser ?? null,
        address: session.address ?? null,
        signed_in_at: new Date(session.createdAt).toISOString(),
        last_active_at: new Date(session.lastActiveAt).toISOString(),
        current: session.id === current,
      })),
    });
  });

  routes.delete(
    '/account/sessions/:id',
    route('/bff/account/sessions/{id}'),
    requireSession(deps),
    async (c) => {
      const user = c.get('user');
      if (!(await deps.sessions.destroyListed(user.email, c.req.param('id'))))
        return errorResponse(404, 'not_found', 'That session has ended already.', { resource: 'session' });
      securityEvent(deps.logger, c, 'auth.session_revoked', {
        user_id: user.id,
        reason: 'ended_by_owner_of_it',
      });
      return c.body(null, 204, { 'cache-control': 'no-store' });
    },
  );

  return routes;
}
