import { generateCookie } from 'hono/cookie';
import { parse } from 'hono/utils/cookie';

/**
 * The session cookie, written and read by hono's cookie helpers. Over https it is `__Host-session`: the
 * prefix makes the browser insist on Secure, Path=/ and no Domain, so no sibling subdomain can plant or
 * overwrite it (hono refuses to write a __Host- cookie that breaks those rules). Over plain http (the local
 * demo) browsers refuse __Host- cookies, so the name drops the prefix and the Secure flag.
 */
export interface CookieSettings {
  secure: boolean;
  /** Omitted: a browser-session cookie, gone when the browser closes (a shared shop computer). */
  maxAgeSeconds?: number;
}

const NAME = 'session';

export function sessionCookieName(secure: boolean): string {
  return secure ? `__Host-${NAME}` : NAME;
}

export function serializeSessionCookie(token: string, settings: CookieSettings): string {
  return generateCookie(NAME, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'Strict',
    ...(settings.secure ? { prefix: 'host' as const } : {}),
    ...(settings.maxAgeSeconds !== undefined ? { maxAge: settings.maxAgeSeconds } : {}),
  });
}

export function clearedSessionCookie(secure: boolean): string {
  return serializeSessionCookie('', { secure, maxAgeSeconds: 0 });
}

/** The token from a Cookie header; the first occurrence wins (browsers send the most specific path first). */
export function readSessionCookie(header: string | undefined, secure: boolean): string | undefined {
  if (!header) return undefined;
  const name = sessionCookieName(secure);
  return parse(header, name)[name];
}
