import { Secret, TOTP } from 'otpauth';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../schemas/demo-accounts.ts';
import { bothDrivers } from '../testing/test-databases.ts';
import { bffSender, errorOf, signIn, signInAs, WRITE_HEADERS, type TestApp } from '../testing/test-app.ts';
import { teamApp } from '../testing/test-team-app.ts';

const { email, password } = DEMO_ACCOUNTS.staff;

describe.each(bothDrivers())('the second factor on %s', (driver) => {
  const { clock, state } = teamApp(driver);
  let app: TestApp;
  beforeEach(() => {
    app = state.app;
  });
  const codeFor = (secret: string) =>
    new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: clock.now() });

  /** Turns a person's second factor on (the staff member's by default); answers the secret, recovery codes, and a sender as them. */
  const setUp = async (who: string = email) => {
    const as = bffSender(app, await signInAs(app, who));
    const setup = (await (await as('POST', '/bff/account/second-factor/setup')).json()) as {
      data: { secret: string; uri: string; qr: boolean[][] };
    };
    expect(setup.data.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(setup.data.qr.length).toBeGreaterThan(20);
    const wrong = await as('POST', '/bff/account/second-factor/confirm', { code: '000000' });
    expect(wrong.status).toBe(422);
    const confirmed = await as('POST', '/bff/account/second-factor/confirm', {
      code: codeFor(setup.data.secret),
    });
    expect(confirmed.status).toBe(200);
    const { recovery_codes } = ((await confirmed.json()) as { data: { recovery_codes: string[] } }).data;
    expect(recovery_codes).toHaveLength(10);
    return { secret: setup.data.secret, recoveryCodes: recovery_codes, as };
  };

  /** The password step: answers the pending cookie the code step needs. */
  const passwordStep = async () => {
    const response = await app.request('/bff/login', {
      method: 'POST',
      headers: WRITE_HEADERS,
      body: JSON.stringify({ email, password }),
    });
    expect(await response.json()).toEqual({ data: { second_factor: 'totp' } });
    expect(response.headers.get('set-cookie')).not.toMatch(/(^|, )session=/);
    return response.headers.get('set-cookie')!.split(';')[0]!;
  };
  const codeStep = (pending: string, code: string) =>
    bffSender(app, pending)('POST', '/bff/login/second-factor', { code });

  it('asks for a code after the password; refuses a wrong or reused one; a code signs in', async () => {
    const { secret } = await setUp();
    clock.advance(30_000);
    const pending = await passwordStep();
    const wrong = await codeStep(pending, '123456');
    expect(wrong.status).toBe(401);
    expect((await errorOf(wrong)).code).toBe('invalid_code');

    const code = codeFor(secret);
    const signedIn = await codeStep(pending, code);
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers.get('set-cookie')!.split(';')[0]!;
    expect((await bffSender(app, cookie)('GET', '/bff/session')).status).toBe(200);

    const reused = await codeStep(await passwordStep(), code);
    expect(reused.status).toBe(401);
    expect(await errorOf(reused)).toMatchObject({ code: 'code_reused' });
  });

  it('signs in with a recovery code once; the same code again is refused by name', async () => {
    const { recoveryCodes } = await setUp();
    const first = await codeStep(await passwordStep(), recoveryCodes[3]!.toLowerCase());
    expect(first.status).toBe(200);
    const again = await codeStep(await passwordStep(), recoveryCodes[3]!);
    expect(again.status).toBe(401);
    expect((await errorOf(again)).code).toBe('recovery_code_used');
    const cookie = first.headers.get('set-cookie')!.split(';')[0]!;
    const status = await bffSender(app, cookie)('GET', '/bff/account/second-factor');
    expect(
      ((await status.json()) as { data: { recovery_codes_left: number } }).data.recovery_codes_left,
    ).toBe(9);
  });

  it('counts wrong codes like wrong passwords: beyond the limit, 429 and the code is not checked', async () => {
    const { secret } = await setUp();
    clock.advance(30_000);
    const pending = await passwordStep();
    const answers: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) answers.push((await codeStep(pending, '000000')).status);
    expect(answers).toContain(429);
    const refused = await codeStep(pending, codeFor(secret));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('lets owners, not staff, require a second factor, and records it in the team history', async () => {
    const staff = bffSender(app, await signInAs(app, DEMO_ACCOUNTS.staff2.email));
    expect((await staff('PUT', '/bff/team/second-factor', { required: 'everyone' })).status).toBe(403);
    const owner = bffSender(app, await signIn(app));
    // Not before the owner's own is on: the requirement would shut them out.
    const first = await owner('PUT', '/bff/team/second-factor', { required: 'owners' });
    expect(first.status).toBe(409);
    expect((await errorOf(first)).code).toBe('second_factor_needed_first');
    await setUp(DEMO_ACCOUNTS.owner.email);
    expect((await owner('PUT', '/bff/team/second-factor', { required: 'owners' })).status).toBe(204);
    const mine = (await (await owner('GET', '/bff/account/second-factor')).json()) as {
      data: { required: boolean };
    };
    expect(mine.data.required).toBe(true);
    const theirs = (await (await staff('GET', '/bff/account/second-factor')).json()) as {
      data: { required: boolean };
    };
    expect(theirs.data.required).toBe(false);
    const team = (await (await owner('GET', '/bff/team')).json()) as { data: { events: { kind: string }[] } };
    expect(team.data.events[0]?.kind).toBe('second_factor_required');
  });

  it('leads someone required to use one, without one, into its setup: every other route refuses them', async () => {
    // Alex: the wrong codes tried above hold the other staff member's sign-ins back for a while.
    const { email: alex, password: alexPassword } = DEMO_ACCOUNTS.staff2;
    const before = bffSender(app, await signInAs(app, alex));
    const owner = bffSender(app, await signIn(app));
    await setUp(DEMO_ACCOUNTS.owner.email);
    expect((await owner('PUT', '/bff/team/second-factor', { required: 'everyone' })).status).toBe(204);
    // A session opened before the requirement is held to it as well.
    const refusedBefore = await before('GET', '/bff/account/sessions');
    expect(refusedBefore.status).toBe(403);
    expect((await errorOf(refusedBefore)).code).toBe('second_factor_setup_required');

    const signedIn = await app.request('/bff/login', {
      method: 'POST',
      headers: WRITE_HEADERS,
      body: JSON.stringify({ email: alex, password: alexPassword }),
    });
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toMatchObject({ data: { second_factor_setup_required: true } });
    const as = bffSender(app, signedIn.headers.get('set-cookie')!.split(';')[0]!);
    const sessionOf = async () =>
      (
        (await (await as('GET', '/bff/session')).json()) as {
          data: { second_factor_setup_required: boolean };
        }
      ).data.second_factor_setup_required;
    expect(await sessionOf()).toBe(true);
    for (const [method, path] of [
      ['GET', '/bff/account/sessions'],
      ['GET', '/bff/events'],
      ['GET', '/api/conversations'],
      ['POST', '/bff/sessions/end-all'],
    ] as const) {
      const refused = await as(method, path);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect((await errorOf(refused)).code).toBe('second_factor_setup_required');
    }

    expect((await (await as('GET', '/bff/account/second-factor')).json()) as unknown).toMatchObject({
      data: { on: false, required: true },
    });
    const setup = (await (await as('POST', '/bff/account/second-factor/setup')).json()) as {
      data: { secret: string };
    };
    const confirmed = await as('POST', '/bff/account/second-factor/confirm', {
      code: codeFor(setup.data.secret),
    });
    expect(confirmed.status).toBe(200);
    expect(await sessionOf()).toBe(false);
    expect((await as('GET', '/bff/account/sessions')).status).toBe(200);
  });

  // Last: it leaves this person's sign-ins throttled for the rest of the file.
  it('checks the password that turns it off like a sign-in: beyond the limit, 429 and it stays on', async () => {
    const { email: who, password: right } = DEMO_ACCOUNTS.staff2;
    const { as } = await setUp(who);
    const turnOff = (current_password: string) =>
      as('DELETE', '/bff/account/second-factor', { current_password });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await turnOff('not the password');
      expect(wrong.status).toBe(403);
      expect((await errorOf(wrong)).code).toBe('wrong_password');
    }
    const refused = await turnOff(right);
    expect(refused.status).toBe(429);
    expect((await errorOf(refused)).code).toBe('rate_limited');
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await (await as('GET', '/bff/account/second-factor')).json()).toMatchObject({
      data: { on: true },
    });
  });
});
