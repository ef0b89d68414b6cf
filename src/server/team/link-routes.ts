import type { Hono } from 'hono';
import { z } from 'zod/mini';
import { acceptLinkSchema, passwordChangeSchema, type LinkSummary } from '../../schemas/team.ts';
import type { RouteAccess } from '../auth/route-access.ts';
import { json, publicUser, startSession, type StartSessionDeps } from '../auth/start-session.ts';
import { ThrottleUnavailableError } from '../auth/login-throttle.ts';
import {
  checkCurrentPassword,
  throttledPasswordWork,
  type PasswordWorkDeps,
} from '../auth/throttled-password-work.ts';
import type { AppEnv } from '../http/app-env.ts';
import { errorResponse } from '../http/errors.ts';
import { bffRouter, pathParam } from '../http/route.ts';
import { securityEvent } from '../http/security-events.ts';
import { sessionKeyFor } from '../sessions/session-store.ts';
import { hashPassword, type ScryptParams } from '../users/password.ts';
import type { People } from '../users/people.ts';
import { refusalResponse, refused } from './team-refusals.ts';

export interface LinkRoutesDeps
  extends Omit<StartSessionDeps, 'sessions' | 'secure' | 'logger'>, PasswordWorkDeps {
  people: () => Promise<People>;
  refresh: () => Promise<void>;
  access: RouteAccess;
  passwordParams: ScryptParams;
  /** The session secret: which listed session is this browser's. */
  secret: string;
}

/** Link tokens are 32 random bytes, base64url. */
const linkToken = pathParam(z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/)), () => refused('link_unknown'));

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
  const router = bffRouter(deps.access);
  const { sessions, directory, logger } = deps.access;
  const starting: StartSessionDeps = { ...deps, ...deps.access };
  const link = { session: 'none', params: { token: linkToken } } as const;

  router.get('/team-links/:token', link, async (_c, { params }) => {
    try {
      const { kind, person } = await (await deps.people()).links.openLink(params.token);
      const summary: LinkSummary = { kind, email: person.email ?? '', name: person.name };
      return json(200, { data: summary });
    } catch (error) {
      return refusalResponse(error);
    }
  });

  const newPassword = {
    schema: acceptLinkSchema,
    subject: 'the new password',
    hint: 'Send {name (for an invitation), password}: a password of 12 to 1024 characters.',
  };
  router.post('/team-links/:token', { ...link, body: newPassword }, async (c, { params, body }) => {
    const links = (await deps.people()).links;
    try {
      const { kind, person } = await links.openLink(params.token);
      const hashed = await throttledPasswordWork(deps, c, person.email ?? '', () =>
        hashPassword(body.password, deps.passwordParams),
      );
      if ('refused' in hashed) return hashed.refused;
      const joined = await links.useLink(params.token, hashed.value, body.name);
      await hashed.succeeded();
      await deps.refresh();
      const user = directory.findByEmail(joined.email ?? '');
      if (!user) return refusalResponse(new Error('the person just activated is not in the directory'));
      if (kind === 'reset') {
        // A reset is how an owner takes an account back: whoever holds its old sessions is signed out.
        const ended = await sessions.destroyAllOf(user.email);
        securityEvent(logger, c, 'auth.session_revoked', {
          user_id: user.id,
          reason: 'password_reset',
          sessions: ended,
        });
      }
      securityEvent(logger, c, 'auth.sign_in_succeeded', {
        email: user.email,
        user_id: user.id,
        via: 'link',
      });
      const cookie = await startSession(starting, c, user, false);
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

  const change = {
    schema: passwordChangeSchema,
    subject: 'the password change',
    hint: 'Send {current_password, new_password}: the new one of 12 to 1024 characters.',
  };
  router.put('/account/password', { session: 'signed in', body: change }, async (c, { body }) => {
    const user = c.get('user');
    const wrong = await checkCurrentPassword({ ...deps, logger }, c, user, body.current_password, {
      via: 'password_change',
      unavailable: 'Changing a password is unavailable for a moment. Try again shortly.',
    });
    if (wrong) return wrong;
    const hash = await hashPassword(body.new_password, deps.passwordParams);
    await (await deps.people()).setPassword(user.id, hash);
    await deps.refresh();
    // Every session of theirs ends (the other browsers, on every replica); this one starts afresh.
    const ended = await sessions.destroyAllOf(user.email);
    securityEvent(logger, c, 'auth.session_revoked', {
      user_id: user.id,
      reason: 'password_changed',
      sessions: ended,
    });
    const now = directory.findByEmail(user.email) ?? user;
    const cookie = await startSession(starting, c, now, false);
    return json(200, { data: { user: publicUser(now) } }, [cookie]);
  });

  router.get('/account/sessions', { session: 'signed in' }, async (c) => {
    const current = sessionKeyFor(deps.secret, c.get('sessionToken'));
    const listed = await sessions.listOf(c.get('user').email);
    return json(200, {
      data: listed.map((session) => ({
        id: session.id,
        browser: session.browser ?? null,
        address: session.address ?? null,
        signed_in_at: new Date(session.createdAt).toISOString(),
        last_active_at: new Date(session.lastActiveAt).toISOString(),
        current: session.id === current,
      })),
    });
  });

  const sessionEnded = () =>
    errorResponse(404, 'not_found', 'That session has ended already.', { resource: 'session' });
  const listed = { session: 'signed in', params: { id: pathParam(z.string(), sessionEnded) } } as const;
  router.delete('/account/sessions/:id', listed, async (c, { params }) => {
    const user = c.get('user');
    if (!(await sessions.destroyListed(user.email, params.id))) return sessionEnded();
    securityEvent(logger, c, 'auth.session_revoked', {
      user_id: user.id,
      reason: 'ended_by_owner_of_it',
    });
    return c.body(null, 204, { 'cache-control': 'no-store' });
  });

  return router.routes;
}
