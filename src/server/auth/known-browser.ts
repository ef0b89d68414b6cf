import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { generateCookie } from 'hono/cookie';
import { parse } from 'hono/utils/cookie';

/**
 * The "known browser" cookie (OWASP's device cookie): set at a successful sign-in, it proves that this
 * browser signed in to that email before. A sign-in carrying it for the email it names is checked before
 * strangers' (work-limiter.ts), so a flood from many addresses cannot keep a regular user out.
 *
 * Value: `<nonce>.<HMAC-SHA256(secret, email, nonce)>`. The email is not in it (the MAC binds it), nothing
 * in it signs anyone in, and it grants no more than a place ahead in the password-check queue: the
 * password is checked and counted exactly as for anyone else.
 */
const NAME = 'known_browser';
/** A year: a person who signs in from a browser now and then keeps their place. */
export const KNOWN_BROWSER_MAX_AGE_SECONDS = 365 * 24 * 3600;

const macOf = (secret: string, email: string, nonce: string) =>
  createHmac('sha256', secret)
    .update(`known-browser\0${email.toLowerCase()}\0${nonce}`)
    .digest('base64url')
    .slice(0, 32);

export function knownBrowserCookie(secret: string, email: string, secure: boolean): string {
  const nonce = randomBytes(12).toString('base64url');
  return generateCookie(NAME, `${nonce}.${macOf(secret, email, nonce)}`, {
    path: '/',
    httpOnly: true,
    sameSite: 'Strict',
    maxAge: KNOWN_BROWSER_MAX_AGE_SECONDS,
    ...(secure ? { prefix: 'host' as const } : {}),
  });
}

/** True when the Cookie header holds a known-browser cookie made for this email. */
export function isKnownBrowser(
  header: string | undefined,
  secret: string,
  email: string,
  secure: boolean,
): boolean {
  if (!header) return false;
  const name = secure ? `__Host-${NAME}` : NAME;
  const value = parse(header, name)[name];
  const [nonce, mac, ...rest] = (value ?? '').split('.');
  if (!nonce || !mac || rest.length > 0 || !/^[A-Za-z0-9_-]{16}$/.test(nonce)) return false;
  const expected = Buffer.from(macOf(secret, email, nonce));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
