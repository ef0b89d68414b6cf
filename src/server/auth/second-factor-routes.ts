import type { Hono } from 'hono';
import {
  currentPasswordSchema,
  secondFactorCodeSchema,
  secondFactorRequirementRequestSchema,
} from '../../schemas/team.ts';
import type { AppEnv } from '../http/app-env.ts';
import { addressGroup } from '../http/client-address.ts';
import { errorResponse } from '../http/errors.ts';
import { bffRouter } from '../http/route.ts';
import { securityEvent } from '../http/security-events.ts';
import { secondFactorRequiredOf, type CodeCheck, type SecondFactors } from '../users/second-factor.ts';
import { knownBrowserCookie } from './known-browser.ts';
import { ThrottleUnavailableError } from './login-throttle.ts';
import { clearedPendingSignIn, readPendingSignIn } from './pending-sign-in.ts';
import type { RouteAccess } from './route-access.ts';
import { checkCurrentPassword, type PasswordWorkDeps } from './throttled-password-work.ts';
import { json, publicUser, startSession, type StartSessionDeps } from './start-session.ts';

export interface SecondFactorRoutesDeps
  extends Omit<StartSessionDeps, 'sessions' | 'secure' | 'logger'>, PasswordWorkDeps {
  secondFactors: () => Promise<SecondFactors>;
  refresh: () => Promise<void>;
  access: RouteAccess;
  secret: string;
  now: () => number;
}

const REFUSED_CODES: Record<Exclude<CodeCheck, 'ok'>, [string, string]> = {
  wrong: [
    'invalid_code',
    'That code is not right. Enter the current code from your app, or a recovery code.',
  ],
  reused: ['code_reused', 'That code has been used already. Wait for the next one in your app.'],
  recovery_used: ['recovery_code_used', 'That recovery code has been used already. Each works once.'],
  not_set_up: [
    'invalid_code',
    'That code is not right. Enter the current code from your app, or a recovery code.',
  ],
};

const unavailable = () =>
  errorResponse(
    503,
    'sign_in_unavailable',
    'Signing in is unavailable for a moment. Try again shortly.',
    {},
    { 'retry-after': '5' },
  );

/**
 * The second factor:
 * - POST /bff/login/second-factor `{code}`: after a right password (its pending cookie), a TOTP code or a
 *   recovery code, counted by the sign-in throttle like a password; then signed in;
 * - GET /bff/account/second-factor: on or not, recovery codes left, what the store requires;
 * - POST /bff/account/second-factor/setup: a new secret (key, otpauth address, QR modules);
 *   POST /bff/account/second-factor/confirm `{code}`: on, with ten recovery codes (shown once);
 *   DELETE /bff/account/second-factor `{current_password}`: off (the password checked like sign-in's:
 *   throttled, in its queue);
 * - PUT /bff/team/second-factor `{required: none|owners|everyone}` (owners).
 */
export function secondFactorRoutes(deps: SecondFactorRoutesDeps): Hono<AppEnv> {
  const router = bffRouter(deps.access);
  const { directory, secure, logger } = deps.access;
  // These routes are how someone required to use a second factor sets it up: open to them before it is on.
  const setup = 'second-factor setup';
  const code = {
    schema: secondFactorCodeSchema,
    subject: 'the code',
    hint: 'Send {code}: six digits, or a recovery code.',
  };

  router.post('/login/second-factor', { session: 'none', body: code }, async (c, { body }) => {
    const pending = readPendingSignIn(c.req.header('cookie'), deps.secret, deps.now());
    const user = pending && directory.findByEmail(pending.email);
    if (!pending || !user?.secondFactor)
      return errorResponse(
        401,
        'sign_in_expired',
        'Your sign-in took too long. Enter your email and password again.',
      );
    const address = deps.clientAddress(c);
    try {
      const verdict = await deps.throttle.begin(user.email, address);
      if (!verdict.allowed)
        return errorResponse(
          429,
          'rate_limited',
          `Too many failed sign-ins. Try again in ${verdict.retryAfterSeconds} seconds.`,
          {},
          { 'retry-after': String(verdict.retryAfterSeconds) },
        );
      const checked = await (await deps.secondFactors()).check(user.id, user.email, body.code);
      if (checked !== 'ok') {
        securityEvent(logger, c, 'auth.sign_in_failed', {
          email: user.email,
          client: address,
          group: addressGroup(address),
          reason: `second_factor_${checked}`,
        });
        const [refusal, message] = REFUSED_CODES[checked];
        return errorResponse(401, refusal, message, { field: 'code' });
      }
      await verdict.attempt.succeeded();
    } catch (error) {
      if (error instanceof ThrottleUnavailableError) return unavailable();
      throw error;
    }
    const cookie = await startSession({ ...deps, ...deps.access }, c, user, pending.remember);
    securityEvent(logger, c, 'auth.sign_in_succeeded', {
      email: user.email,
      user_id: user.id,
      client: address,
      remember: pending.remember,
      second_factor: true,
    });
    return json(200, { data: { user: publicUser(user) } }, [
      cookie,
      clearedPendingSignIn(secure),
      knownBrowserCookie(deps.secret, user.email, secure),
    ]);
  });

  router.get('/account/second-factor', { session: setup }, async (c) => {
    const factors = await deps.secondFactors();
    const user = c.get('user');
    const [status, requirement] = await Promise.all([factors.status(user.id), factors.requirement()]);
    const required = secondFactorRequiredOf(requirement, user.role);
    return json(200, {
      data: { on: status.on, recovery_codes_left: status.recoveryCodesLeft, required, requirement },
    });
  });

  router.post('/account/second-factor/setup', { session: setup }, async (c) => {
    const user = c.get('user');
    return json(200, { data: await (await deps.secondFactors()).begin(user.id, user.email) });
  });

  router.post('/account/second-factor/confirm', { session: setup, body: code }, async (c, { body }) => {
    const user = c.get('user');
    const codes = await (await deps.secondFactors()).confirm(user.id, user.email, body.code);
    if (!codes)
      return errorResponse(
        422,
        'invalid_code',
        'That code is not right. Enter the code your app shows now.',
        {
          field: 'code',
        },
      );
    await deps.refresh();
    securityEvent(logger, c, 'auth.second_factor_on', { user_id: user.id });
    return json(200, { data: { recovery_codes: codes } });
  });

  const password = {
    schema: currentPasswordSchema,
    subject: 'the password',
    hint: 'Send {current_password}.',
  };
  router.delete('/account/second-factor', { session: setup, body: password }, async (c, { body }) => {
    const user = c.get('user');
    const wrong = await checkCurrentPassword({ ...deps, logger }, c, user, body.current_password, {
      via: 'second_factor_off',
      unavailable: 'Signing in is unavailable for a moment. Try again shortly.',
    });
    if (wrong) return wrong;
    await (await deps.secondFactors()).turnOff(user.id);
    await deps.refresh();
    securityEvent(logger, c, 'auth.second_factor_off', { user_id: user.id });
    return c.body(null, 204, { 'cache-control': 'no-store' });
  });

  const requirement = {
    session: 'signed in',
    ownersOnly: { refusal: 'Only an owner can change what the team signs in with.' },
    body: {
      schema: secondFactorRequirementRequestSchema,
      subject: 'the requirement',
      hint: 'Send {required}: none, owners or everyone.',
    },
  } as const;
  router.put('/team/second-factor', requirement, async (c, { body }) => {
    const owner = c.get('user');
    // Every requirement includes owners: one without a second factor would shut themselves out of it.
    if (body.required !== 'none' && !owner.secondFactor)
      return errorResponse(
        409,
        'second_factor_needed_first',
        'Turn on your own second factor (on your account page) before requiring one. Nothing was changed.',
      );
    await (await deps.secondFactors()).require(body.required, { id: owner.id, name: owner.name });
    await deps.refresh();
    return c.body(null, 204, { 'cache-control': 'no-store' });
  });

  return router.routes;
}
