import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/app-env.ts';
import { errorResponse } from '../http/errors.ts';
import type { Logger } from '../log/logger.ts';
import { securityEvent } from '../http/security-events.ts';
import { clearedSessionCookie, readSessionCookie } from '../sessions/session-cookie.ts';
import type { SessionStore } from '../sessions/session-store.ts';
import type { DirectoryUser, UserDirectory } from '../users/directory.ts';

/** Set by the SPA on requests it makes on its own (polling while the user is idle). */
export const BACKGROUND_HEADER = 'x-background';

export interface RequireSessionDeps {
  sessions: SessionStore;
  directory: UserDirectory;
  secure: boolean;
  logger?: Logger;
  /** Never counts as activity, whatever the request says (the live stream and presence heartbeats). */
  background?: boolean;
  /**
   * The route is part of setting up a second factor (or of seeing that one must): open to someone the
   * owners require one of who has not set it up yet. Every other route refuses them (403).
   */
  duringSecondFactorSetup?: boolean;
}

/** The owners require a second factor of this person and they have not set it up yet. */
export const mustSetUpSecondFactor = (user: DirectoryUser): boolean =>
  user.secondFactorRequired === true && user.secondFactor !== true;

const secondFactorSetupRequired = () =>
  errorResponse(
    403,
    'second_factor_setup_required',
    'Your team requires a second factor. Set it up on your account page before using the dashboard.',
  );

export const sessionRequired = (clearCookie?: string): Response =>
  errorResponse(
    401,
    'session_required',
    'Your session has ended or you are not signed in. Sign in again.',
    {},
    clearCookie ? { 'set-cookie': clearCookie } : {},
  );

/**
 * Whether the request's cookie names a live session of someone still in the directory, for choosing what
 * a page load announces. It counts no activity and revokes nothing: the page's own session request,
 * which follows, does that.
 */
export async function hasLiveSession(
  deps: Pick<RequireSessionDeps, 'sessions' | 'directory' | 'secure'>,
  cookieHeader: string | undefined,
): Promise<boolean> {
  const token = readSessionCookie(cookieHeader, deps.secure);
  if (token === undefined) return false;
  const session = await deps.sessions.get(token, false);
  try {
    return session !== undefined && deps.directory.findByEmail(session.email)?.id === session.userId;
  } catch {
    // The people are not read yet (the database is opening): the page's own session request will tell.
    return false;
  }
}

/**
 * Resolves the session cookie to a signed-in person, or answers 401 session_required. The person is looked
 * up in the directory on every request: removing someone (or changing their role) takes effect at once.
 * A request marked `X-Background: 1` reads the session without counting as activity. Someone who must set
 * up a second factor first gets 403 second_factor_setup_required, except on the routes of that setup.
 */
export function requireSession(deps: RequireSessionDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = readSessionCookie(c.req.header('cookie'), deps.secure);
    const activity = !deps.background && c.req.header(BACKGROUND_HEADER) !== '1';
    const session = await deps.sessions.get(token, activity);
    if (!session) return sessionRequired(token !== undefined ? clearedSessionCookie(deps.secure) : undefined);
    const user = deps.directory.findByEmail(session.email);
    if (!user || user.id !== session.userId) {
      await deps.sessions.destroy(token);
      if (deps.logger) {
        securityEvent(deps.logger, c, 'auth.session_revoked', {
          user_id: session.userId,
          reason: user ? 'user_changed' : 'user_removed',
        });
      }
      return sessionRequired(clearedSessionCookie(deps.secure));
    }
    if (mustSetUpSecondFactor(user) && !deps.duringSecondFactorSetup) return secondFactorSetupRequired();
    c.set('user', user);
    c.set('sessionToken', token!);
    await next();
  };
}
