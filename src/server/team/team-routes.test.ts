import { beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../schemas/demo-accounts.ts';
import type { LinkSummary, TeamLink, TeamOverview } from '../../schemas/team.ts';
import { bothDrivers } from '../testing/test-databases.ts';
import { bffSender, errorOf, signIn, signInAs, type TestApp } from '../testing/test-app.ts';
import { teamApp } from '../testing/test-team-app.ts';
import { endsWithinASecond, openStream } from '../testing/live-test-kit.ts';
import { sseReader } from '../testing/sse-reader.ts';

const NEWCOMER = { email: 'kim@example.com', name: 'Kim Berg', role: 'staff', store_user_id: 'usr_kim' };
const PASSWORD = 'a new long password';

describe.each(bothDrivers())('the team on %s', (driver) => {
  const { clock, state, mailed } = teamApp(driver);
  let app: TestApp;
  let owner: string;
  beforeEach(async () => {
    app = state.app;
    owner = await signIn(app);
  });

  const asOwner = () => bffSender(app, owner);
  /** A live stream of this session's, open (said `ready`); the heartbeat's check is 15 s away. */
  const openedStream = async (cookie: string) => {
    const stream = sseReader(await openStream(app, cookie));
    await stream.next((event) => event.event === 'ready');
    return stream;
  };
  const overview = async () => {
    const response = await asOwner()('GET', '/bff/team');
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: TeamOverview }).data;
  };
  const personId = async (email: string) => (await overview()).people.find((p) => p.email === email)!.id;
  const invite = async (body: unknown = NEWCOMER) => asOwner()('POST', '/bff/team/invitations', body);
  const tokenOf = async (response: Response) =>
    new URL(((await response.json()) as { data: TeamLink }).data.url).hash.slice(1);
  const accept = (token: string, body: unknown = { name: 'Kim B.', password: PASSWORD }) =>
    bffSender(app, '')('POST', `/bff/team-links/${token}`, body);

  it('invites a person whose link signs them in once, then refuses', async () => {
    const invited = await invite();
    expect(invited.status).toBe(201);
    const answer = ((await invited.clone().json()) as { data: TeamLink }).data;
    expect(answer.mailed).toBe(true);
    expect(mailed.at(-1)).toMatchObject({ to: NEWCOMER.email, kind: 'invite', url: answer.url });
    const token = await tokenOf(invited);
    const summary = await bffSender(app, '')('GET', `/bff/team-links/${token}`);
    expect(((await summary.json()) as { data: LinkSummary }).data).toEqual({
      kind: 'invite',
      email: NEWCOMER.email,
      name: NEWCOMER.name,
    });

    const joined = await accept(token);
    expect(joined.status).toBe(200);
    const cookie = joined.headers.get('set-cookie')!.split(';')[0]!;
    const session = await bffSender(app, cookie)('GET', '/bff/session');
    expect(await session.json()).toMatchObject({ data: { user: { email: NEWCOMER.email, name: 'Kim B.' } } });

    const again = await accept(token, { password: 'another long password' });
    expect(again.status).toBe(410);
    expect((await errorOf(again)).code).toBe('link_used');
    // The second use changed nothing: the first password still signs in.
    expect(await signIn(app, NEWCOMER.email, PASSWORD)).toMatch(/session/);
    const events = (await overview()).events.map((event) => `${event.kind} ${event.subject}`);
    expect(events).toEqual(['joined Kim B.', 'invited Kim Berg']);
  });

  it('refuses a second invitation to the same email, and an expired link', async () => {
    const token = await tokenOf(await invite());
    const second = await invite({ ...NEWCOMER, email: 'KIM@example.com', store_user_id: 'usr_other' });
    expect(second.status).toBe(409);
    expect(await errorOf(second)).toMatchObject({ code: 'person_exists' });
    expect((await overview()).people.filter((p) => p.email === NEWCOMER.email)).toHaveLength(1);

    clock.advance(7 * 24 * 3_600_000 + 1);
    owner = await signIn(app);
    const late = await accept(token);
    expect(late.status).toBe(410);
    expect((await errorOf(late)).code).toBe('link_expired');
    expect((await overview()).people.find((p) => p.email === NEWCOMER.email)?.status).toBe('invited');
  });

  it('keeps one owner: refuses removing the last one and demoting oneself, changing nothing', async () => {
    const self = await personId(DEMO_ACCOUNTS.owner.email);
    const before = await overview();
    const removal = await asOwner()('DELETE', `/bff/team/people/${self}`);
    expect(removal.status).toBe(409);
    expect((await errorOf(removal)).code).toBe('last_owner');
    const demotion = await asOwner()('PUT', `/bff/team/people/${self}/role`, { role: 'staff' });
    expect(demotion.status).toBe(409);
    expect((await errorOf(demotion)).message).toContain('at least one owner');
    expect(await overview()).toEqual(before);

    // With a second owner, the first may step down (and is signed out: their role changed).
    const staff = await personId(DEMO_ACCOUNTS.staff.email);
    expect((await asOwner()('PUT', `/bff/team/people/${staff}/role`, { role: 'owner' })).status).toBe(204);
    expect((await asOwner()('PUT', `/bff/team/people/${self}/role`, { role: 'staff' })).status).toBe(204);
    expect((await asOwner()('GET', '/bff/team')).status).toBe(401);
  });

  it('removes a person: their sessions end and they cannot sign in; their name stays in the history', async () => {
    const staff = await signInAs(app, DEMO_ACCOUNTS.staff2.email);
    const stream = await openedStream(staff);
    const removed = await asOwner()(
      'DELETE',
      `/bff/team/people/${await personId(DEMO_ACCOUNTS.staff2.email)}`,
    );
    expect(removed.status).toBe(204);
    expect((await bffSender(app, staff)('GET', '/bff/session')).status).toBe(401);
    await expect(signInAs(app, DEMO_ACCOUNTS.staff2.email)).rejects.toThrow(/401/);
    const { people, events } = await overview();
    expect(people.map((p) => p.email)).not.toContain(DEMO_ACCOUNTS.staff2.email);
    expect(events[0]).toMatchObject({ kind: 'removed', actor: 'Morgan Lee', subject: 'Alex Kim' });
    // The browser gets their name for what they wrote, never as someone to assign to.
    const session = (await (await asOwner()('GET', '/bff/session')).json()) as {
      data: { roster: { id: string; name: string }[]; former: { id: string; name: string }[] };
    };
    expect(session.data.former).toContainEqual({ id: DEMO_ACCOUNTS.staff2.storeUserId, name: 'Alex Kim' });
    expect(session.data.roster.map((member) => member.id)).not.toContain(DEMO_ACCOUNTS.staff2.storeUserId);
    await endsWithinASecond(stream);
  });

  it('shows changes made on the command line in the team history, the command line as their actor', async () => {
    const people = await state.directory.people();
    await people.put({ name: 'Jo Park', role: 'staff', storeUserId: 'usr_jo' }, false);
    await people.put(
      { email: 'jo@example.com', name: 'Jo Park', role: 'owner', storeUserId: 'usr_jo', passwordHash: null },
      true,
    );
    const events = (await overview()).events.slice(0, 2).map(({ kind, actor, subject, detail }) => ({
      kind,
      actor,
      subject,
      detail,
    }));
    expect(events).toEqual([
      { kind: 'replaced', actor: 'The command line', subject: 'Jo Park', detail: { role: 'owner' } },
      { kind: 'added', actor: 'The command line', subject: 'Jo Park', detail: { role: 'staff' } },
    ]);
  });

  it('gives staff no team: 403 from its routes', async () => {
    const staff = bffSender(app, await signInAs(app));
    for (const [method, path, body] of [
      ['GET', '/bff/team'],
      ['POST', '/bff/team/invitations', NEWCOMER],
      ['DELETE', '/bff/team/people/1'],
    ] as const) {
      const response = await staff(method, path, body);
      expect(response.status).toBe(403);
      expect((await errorOf(response)).code).toBe('role_forbidden');
    }
  });

  it('lists one’s own sessions and ends one of them', async () => {
    type Listed = { id: string; current: boolean; address: string | null };
    const list = async () =>
      ((await (await asOwner()('GET', '/bff/account/sessions')).json()) as { data: Listed[] }).data;
    // Earlier tests' sign-ins of this account are still there: end them first (as a person would).
    for (const session of await list())
      if (!session.current) await asOwner()('DELETE', `/bff/account/sessions/${session.id}`);
    const other = await signIn(app);
    const sessions = await list();
    expect(sessions.map((session) => session.current).sort()).toEqual([false, true]);
    const id = sessions.find((session) => !session.current)!.id;
    expect((await asOwner()('DELETE', `/bff/account/sessions/${id}`)).status).toBe(204);
    expect((await bffSender(app, other)('GET', '/bff/session')).status).toBe(401);
    expect((await asOwner()('DELETE', `/bff/account/sessions/${id}`)).status).toBe(404);
  });

  it('changes one’s own password: the current one is asked, the old one stops working, other sessions end', async () => {
    const other = await signIn(app);
    const otherStream = await openedStream(other);
    const wrong = await asOwner()('PUT', '/bff/account/password', {
      current_password: 'not it',
      new_password: PASSWORD,
    });
    expect(wrong.status).toBe(403);
    expect((await errorOf(wrong)).code).toBe('wrong_password');

    const changed = await asOwner()('PUT', '/bff/account/password', {
      current_password: DEMO_ACCOUNTS.owner.password,
      new_password: PASSWORD,
    });
    expect(changed.status).toBe(200);
    const fresh = changed.headers.get('set-cookie')!.split(';')[0]!;
    expect((await bffSender(app, fresh)('GET', '/bff/session')).status).toBe(200);
    expect((await bffSender(app, other)('GET', '/bff/session')).status).toBe(401);
    await endsWithinASecond(otherStream);
    await expect(signIn(app)).rejects.toThrow(/401/);
    expect(await signIn(app, DEMO_ACCOUNTS.owner.email, PASSWORD)).toMatch(/session/);
  });
});
