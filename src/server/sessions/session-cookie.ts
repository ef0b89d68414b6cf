/**
 * The session cookie. Over https it is `__Host-session`: the prefix makes the browser insist on Secure,
 * Path=/ and no Domain, so no sibling subdomain can plant or overwrite it. Over plain http (the local
 * demo) browsers refuse __Host- cookies, so the name drops the prefix and the Secure flag.
 */
export interface CookieSettings {
  secure: boolean;
  /** Omitted: a browser-session cookie, gone when the browser closes (a shared shop computer). */
  maxAgeSeconds?: number;
}

export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-session' : 'session';
}

export function serializeSessionCookie(token: string, settings: CookieSettings): string {
  const parts = [`${sessionCookieName(settings.secure)}=${token}`, 'Path=/', 'HttpOnly', 'SameSite=Strict'];
  if (settings.maxAgeSeconds !== undefined) parts.push(`Max-Age=${settings.maxAgeSeconds}`);
  if (settings.secure) parts.push('Secure');
  return parts.join('; ');
}

export function clearedSessionCookie(secure: boolean): string {
  const parts = [`${sessionCookieName(secure)}=`, 'Path=/', 'HttpOnly', 'SameSite=Strict', 'Max-Age=0'];
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

/** The token from a Cookie header; the first occurrence wins (browsers send the most specific path first). */
export function readSessionCookie(header: string | undefined, secure: boolean): string | undefined {
  if (!header) return undefined;
  const name = sessionCookieName(secure);
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=');
    if (separator === -1) continue;
    if (pair.slice(0, separator).trim() === name) return pair.slice(separator + 1).trim();
  }
  return undefined;
}
