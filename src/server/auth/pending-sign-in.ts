import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { generateCookie } from 'hono/cookie';
import { parse } from 'hono/utils/cookie';

/**
 * Between a right password and the second factor's code: a cookie naming the email, whether to keep the
 * session, and when the step ends (5 minutes), MACed with the session secret. It signs nobody in; only
 * the code, checked and throttled like a password, does.
 */
const NAME = 'pending_sign_in';
export const PENDING_SIGN_IN_SECONDS = 300;

const macOf = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`pending-sign-in\0${payload}`).digest('base64url');

const cookie = (value: string, secure: boolean, maxAge: number) =>
  generateCookie(NAME, value, {
    path: '/bff/login',
    httpOnly: true,
    sameSite: 'Strict',
    maxAge,
    ...(secure ? { secure: true } : {}),
  });

export function pendingSignInCookie(
  secret: string,
  pending: { email: string; remember: boolean },
  now: number,
  secure: boolean,
): string {
  const payload = Buffer.from(
    JSON.stringify({
      e: pending.email,
      r: pending.remember,
      x: now + PENDING_SIGN_IN_SECONDS * 1000,
      n: randomBytes(8).toString('base64url'),
    }),
  ).toString('base64url');
  return cookie(`${payload}.${macOf(secret, payload)}`, secure, PENDING_SIGN_IN_SECONDS);
}

export const clearedPendingSignIn = (secure: boolean) => cookie('', secure, 0);

/** The pending sign-in the cookie names, if its MAC holds and it has not expired. */
export function readPendingSignIn(
  header: string | undefined,
  secret: string,
  now: number,
): { email: string; remember: boolean } | undefined {
  const value = header ? parse(header, NAME)[NAME] : undefined;
  const [payload, mac, ...rest] = (value ?? '').split('.');
  if (!payload || !mac || rest.length > 0) return undefined;
  const expected = Buffer.from(macOf(secret, payload));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const { e, r, x } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
    e: string;
    r: boolean;
    x: number;
  };
  return x > now ? { email: e, remember: r } : undefined;
}
