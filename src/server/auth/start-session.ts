import type { Context } from 'hono';
import type { SessionUser } from '../../schemas/bff.ts';
import type { AppEnv } from '../http/app-env.ts';
import type { Logger } from '../log/logger.ts';
import { securityEvent } from '../http/security-events.ts';
import { readSessionCookie, serializeSessionCookie } from '../sessions/session-cookie.ts';
import type { SessionStore } from '../sessions/session-store.ts';
import type { DirectoryUser } from '../users/directory.ts';

export interface StartSessionDeps {
  sessions: SessionStore;
  secure: boolean;
  sessionAbsoluteMs: number;
  logger: Logger;
  /** The client's address, kept with the session for the person's list of their sessions. */
  clientAddress: (c: Context<AppEnv>) => string;
  /** Told when a session is destroyed here (a new sign-in replacing it): its live streams end. */
  onSessionEnd?: (token: string) => Promise<void>;
}

export const publicUser = (user: DirectoryUser): SessionUser => ({
  id: user.id,
  email: user.email,
  name: user.name,
  role: user.role,
});

/** A JSON answer that is never cached, with cookies to set. */
export const json = (status: number, body: unknown, cookies: string[] = []) => {
  const headers = new Headers({
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  });
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  return new Response(JSON.stringify(body), { status, headers });
};

/**
 * Signs a person in on this browser (a password, an accepted link, a changed password): a fresh session
 * id, whatever session the browser held before ended (no fixation). Answers the session cookie to set.
 */
export async function startSession(
  deps: StartSessionDeps,
  c: Context<AppEnv>,
  user: DirectoryUser,
  remember: boolean,
): Promise<string> {
  const previous = readSessionCookie(c.req.header('cookie'), deps.secure);
  await deps.sessions.destroy(previous);
  if (previous !== undefined) await deps.onSessionEnd?.(previous);
  const { token, ended } = await deps.sessions.create(user, {
    browser: (c.req.header('user-agent') ?? '').slice(0, 300),
    address: deps.clientAddress(c),
  });
  c.set('user', user);
  if (ended > 0) {
    securityEvent(deps.logger, c, 'auth.session_revoked', {
      user_id: user.id,
      reason: 'session_cap',
      sessions: ended,
    });
  }
  return serializeSessionCookie(token, {
    secure: deps.secure,
    ...(remember ? { maxAgeSeconds: Math.floor(deps.sessionAbsoluteMs / 1000) } : {}),
  });
}
