import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../schemas/demo-accounts.ts';
import type { TeamLink, TeamOverview } from '../../schemas/team.ts';
import { bothDrivers } from '../testing/test-databases.ts';
import { bffSender, errorOf, signIn, signInAs, type TestApp, WRITE_HEADERS } from '../testing/test-app.ts';
import { teamApp } from '../testing/test-team-app.ts';

const NEWCOMER = { email: 'kim@example.com', name: 'Kim Berg', role: 'staff', store_user_id: 'usr_kim' };
const PASSWORD = 'a new long password';

describe.each(bothDrivers())('team links on %s', (driver) => {
  const { state, mailed } = teamApp(driver);
  let app: TestApp;
  let owner: string;
  beforeEach(async () => {
    app = state.app;
    owner = await signIn(app);
  });

  const asOwner = () => bffSender(app, owner);
  const overview = async () =>
    ((await (await asOwner()('GET', '/bff/team')).json()) as { data: TeamOverview }).data;
  const personId = async (email: string) => (await overview()).people.find((p) => p.email === email)!.id;
  const tokenOf = async (response: Response) => {
    expect(response.status).toBeLessThan(300);
    return new URL(((await response.json()) as { data: TeamLink }).data.url).hash.slice(1);
  };
  const open = (token: string) => bffSender(app, '')('GET', `/bff/team-links/${token}`);
  const accept = (token: string, body: unknown = { name: 'Kim B.', password: PASSWORD }) =>
    bffSender(app, '')('POST', `/bff/team-links/${token}`, body);

  it('resets a password with a link: the old password stops working, the new one works, the link then refuses', async () => {
    const staff = DEMO_ACCOUNTS.staff;
    const staffSession = await signInAs(app, staff.email);
    const token = await tokenOf(
      await asOwner()('POST', `/bff/team/people/${await personId(staff.email)}/reset-link`),
    );
    expect(mailed.at(-1)).toMatchObject({ to: staff.email, kind: 'reset' });
    expect(((await (await open(token)).json()) as { data: unknown }).data).toMatchObject({
      kind: 'reset',
      email: staff.email,
    });

    const used = await accept(token, { password: PASSWORD });
    expect(used.status).toBe(200);
    expect(await used.json()).toMatchObject({ data: { user: { email: staff.email } } });
    await expect(signIn(app, staff.email, staff.password)).rejects.toThrow(/401/);
    expect(await signIn(app, staff.email, PASSWORD)).toMatch(/session/);
    // A reset takes the account back: a session opened before it (perhaps not theirs) has ended.
    expect((await bffSender(app, staffSession)('GET', '/bff/session')).status).toBe(401);

    const again = await accept(token, { password: 'yet another long password' });
    expect(again.status).toBe(410);
    expect((await errorOf(again)).code).toBe('link_used');
    expect(await signIn(app, staff.email, PASSWORD)).toMatch(/session/);
    const events = (await overview()).events.map((event) => `${event.kind} ${event.subject}`);
    expect(events.slice(0, 2)).toEqual([`password_reset ${staff.name}`, `reset_link ${staff.name}`]);
  });

  it('resends an invitation (the old link stops working) and revokes it (the person leaves the list)', async () => {
    const first = await tokenOf(await asOwner()('POST', '/bff/team/invitations', NEWCOMER));
    const id = await personId(NEWCOMER.email);
    const second = await tokenOf(await asOwner()('POST', `/bff/team/people/${id}/invitation`));
    expect(second).not.toBe(first);
    const old = await open(first);
    expect(old.status).toBe(404);
    expect((await errorOf(old)).code).toBe('link_unknown');
    expect((await open(second)).status).toBe(200);

    const revoked = await asOwner()('DELETE', `/bff/team/people/${id}/invitation`);
    expect(revoked.status).toBe(204);
    const refused = await accept(second);
    expect(refused.status).toBe(404);
    expect((await errorOf(refused)).code).toBe('link_unknown');
    const { people, events } = await overview();
    expect(people.map((person) => person.email)).not.toContain(NEWCOMER.email);
    expect(events.slice(0, 3).map((event) => `${event.kind} ${event.subject}`)).toEqual([
      `invite_revoked ${NEWCOMER.name}`,
      `invite_resent ${NEWCOMER.name}`,
      `invited ${NEWCOMER.name}`,
    ]);
    // Revoked, the email is free again for a new invitation.
    expect((await asOwner()('POST', '/bff/team/invitations', NEWCOMER)).status).toBe(201);
  });

  it('refuses an invitation for a store user someone on the team acts as, changing nothing', async () => {
    const before = await overview();
    const taken = await asOwner()('POST', '/bff/team/invitations', {
      ...NEWCOMER,
      store_user_id: DEMO_ACCOUNTS.staff.storeUserId,
    });
    expect(taken.status).toBe(409);
    expect(await errorOf(taken)).toMatchObject({ code: 'store_user_taken', resource: 'person' });
    expect(await overview()).toEqual(before);
  });

  it('throttles accepting a link like signing in: once over, 429 and the link stays unused', async () => {
    const token = await tokenOf(await asOwner()('POST', '/bff/team/invitations', NEWCOMER));
    // Guesses at the invited email from one address count against it, as for any sign-in.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const guess = await app.request('/bff/login', {
        method: 'POST',
        headers: WRITE_HEADERS,
        body: JSON.stringify({ email: NEWCOMER.email, password: 'a wrong guess here' }),
      });
      expect(guess.status).toBe(401);
    }
    const refused = await accept(token);
    expect(refused.status).toBe(429);
    expect((await errorOf(refused)).code).toBe('rate_limited');
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await open(token)).status).toBe(200);
    expect((await overview()).people.find((p) => p.email === NEWCOMER.email)?.status).toBe('invited');
  });
});
