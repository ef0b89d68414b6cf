import { TeamAvailability } from './team-availability.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulatorServer, type SimulatorServer } from '../../../mocks/http-server.ts';
import {
  assignmentSettingsAnswerSchema,
  AWAY_WITHOUT_DASHBOARD_MS,
  DEFAULT_ASSIGNMENT_SETTINGS,
  teamAvailabilitySchema,
} from '../../schemas/assignment.ts';
import type { Conversation } from '../../schemas/conversation.ts';
import { DashboardDatabase } from '../composition/dashboard-database.ts';
import {
  buildTestApp,
  errorOf,
  READ_HEADERS,
  signIn,
  signInAs,
  type TestApp,
  WRITE_HEADERS,
} from '../testing/test-app.ts';
import { openEmbeddedTestDatabase } from '../testing/embedded-test-database.ts';

let simulator: SimulatorServer;
let database: DashboardDatabase;
let app: TestApp;
let staff: string;
let owner: string;

beforeAll(async () => {
  simulator = await startSimulatorServer({ port: 0 });
  database = new DashboardDatabase(openEmbeddedTestDatabase());
  await database.database();
  ({ app } = await buildTestApp({ upstreamUrl: simulator.url, deps: { database } }));
  [staff, owner] = await Promise.all([signInAs(app), signIn(app)]);
}, 60_000);
afterAll(async () => {
  await app.liveHub.close();
  await database.close();
  await simulator.close();
});

const read = (path: string, cookie = staff) => app.request(path, { headers: { ...READ_HEADERS, cookie } });
const put = (path: string, body: unknown, cookie = staff, headers: Record<string, string> = {}) =>
  app.request(path, {
    method: 'PUT',
    headers: { ...WRITE_HEADERS, cookie, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('availability', () => {
  it('starts Available with a dashboard open, and says Away once chosen, for everyone on the roster', async () => {
    // Nobody has a dashboard open yet: everyone counts as away, though nobody chose it.
    const before = teamAvailabilitySchema.parse(await (await read('/bff/availability')).json());
    expect(before.data.map((person) => person.user_id)).toEqual([
      'usr_owner',
      'usr_staff1',
      'usr_staff2',
      'usr_staff3',
    ]);
    expect(before.data.every((person) => person.status === 'away' && person.chosen === 'available')).toBe(
      true,
    );

    const available = await put('/bff/availability', { status: 'available' });
    expect(available.status).toBe(200);
    const sam = teamAvailabilitySchema
      .parse(await available.json())
      .data.find((p) => p.user_id === 'usr_staff1');
    expect(sam).toMatchObject({ name: 'Sam Rivera', status: 'available', chosen: 'available' });

    const away = teamAvailabilitySchema.parse(
      await (await put('/bff/availability', { status: 'away' })).json(),
    );
    expect(away.data.find((p) => p.user_id === 'usr_staff1')).toMatchObject({
      status: 'away',
      chosen: 'away',
    });
    expect(away.handed_back).toBe(0);
  });

  it('keeps what going away does with one’s conversations, asked each time until chosen', async () => {
    const mine = async () =>
      teamAvailabilitySchema
        .parse(await (await read('/bff/availability')).json())
        .data.find((p) => p.user_id === 'usr_staff1');
    expect((await mine())?.away_hand_back).toBe('ask');
    const keep = await put('/bff/availability', { status: 'available', away_hand_back: 'keep' });
    expect(keep.status).toBe(200);
    expect(await mine()).toMatchObject({ away_hand_back: 'keep', chosen: 'available' });
    // A later choice of availability alone leaves it as it was.
    await put('/bff/availability', { status: 'away' });
    expect(await mine()).toMatchObject({ away_hand_back: 'keep', chosen: 'away' });
    await put('/bff/availability', { status: 'available', away_hand_back: 'ask' });
  });

  it("tells every dashboard over the live stream that someone's availability changed, and only then", async () => {
    const events: unknown[] = [];
    const unsubscribe = app.liveHub.log.subscribe((event) => {
      if (event.name === 'availability') events.push(event.data);
    });
    const response = await put('/bff/availability', { status: 'away' });
    // The same choice again changes nothing anyone sees.
    const again = await put('/bff/availability', { status: 'away' });
    unsubscribe();
    expect([response.status, again.status]).toEqual([200, 200]);
    expect(events).toEqual([{ user_ids: ['usr_staff1'] }]);
    await put('/bff/availability', { status: 'available' });
  });

  it('says who opened a first dashboard, and whose last one closed long enough ago to count as away', async () => {
    let clock = Date.parse('2026-03-02T10:00:00Z');
    const team = database.store((db) => new TeamAvailability(db, () => clock));
    const t = await team();
    expect(await t.seen(['usr_staff3'])).toEqual(['usr_staff3']);
    clock += 15_000;
    expect(await t.seen(['usr_staff3'])).toEqual([]);
    const lastSeen = clock;
    clock += AWAY_WITHOUT_DASHBOARD_MS - 1000;
    expect(await t.lapsedBetween(lastSeen, clock)).toEqual([]);
    const before = clock;
    clock += 2000;
    expect(await t.lapsedBetween(before, clock)).toEqual(['usr_staff3']);
    expect(await t.lapsedBetween(clock, clock + 60_000)).toEqual([]);
    expect((await t.of(['usr_staff3']))[0]).toMatchObject({ available: false, dashboardOpen: false });
    expect(await t.seen(['usr_staff3'])).toEqual(['usr_staff3']);
  });

  it('refuses a body it cannot take, with the field named', async () => {
    const wrong = await put('/bff/availability', { status: 'busy' });
    expect(wrong.status).toBe(400);
    expect(await errorOf(wrong)).toMatchObject({ code: 'invalid_body', field: 'status' });
    const badChoice = await put('/bff/availability', { status: 'away', away_hand_back: 'sometimes' });
    expect(badChoice.status).toBe(400);
    expect(await errorOf(badChoice)).toMatchObject({ code: 'invalid_body', field: 'away_hand_back' });
    const extra = await put('/bff/availability', { status: 'away', user_id: 'usr_staff2' });
    expect(extra.status).toBe(400);
    const notJson = await put('/bff/availability', 'status=away', staff, { 'content-type': 'text/plain' });
    expect(notJson.status).toBe(415);
    const badBytes = await app.request('/bff/availability', {
      method: 'PUT',
      headers: { ...WRITE_HEADERS, cookie: staff },
      body: new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x7d]),
    });
    expect(await errorOf(badBytes)).toMatchObject({ code: 'invalid_body' });
    const signedOut = await put('/bff/availability', { status: 'away' }, '');
    expect(signedOut.status).toBe(401);
  });
});

describe('the automatic assignment settings', () => {
  it('are off by default, and only an owner changes them', async () => {
    const initial = assignmentSettingsAnswerSchema.parse(
      await (await read('/bff/assignment-settings')).json(),
    );
    expect(initial.data).toEqual(DEFAULT_ASSIGNMENT_SETTINGS);

    const next = { enabled: true, strategy: 'fewest_open', max_open_per_person: 3 };
    const byStaff = await put('/bff/assignment-settings', next);
    expect(byStaff.status).toBe(403);
    expect(await errorOf(byStaff)).toMatchObject({ code: 'role_forbidden' });

    const byOwner = await put('/bff/assignment-settings', next, owner);
    expect(byOwner.status).toBe(200);
    const after = assignmentSettingsAnswerSchema.parse(await (await read('/bff/assignment-settings')).json());
    expect(after.data).toEqual(next);
  });

  it('refuses a limit out of range, a missing field and an unknown strategy', async () => {
    for (const body of [
      { enabled: true, strategy: 'round_robin', max_open_per_person: 0 },
      { enabled: true, strategy: 'round_robin' },
      { enabled: true, strategy: 'random', max_open_per_person: 2 },
    ]) {
      const response = await put('/bff/assignment-settings', body, owner);
      expect(response.status).toBe(400);
      expect((await errorOf(response)).code).toBe('invalid_body');
    }
  });
});

describe('without the database', () => {
  it('answers 503 database_unavailable and keeps nothing half done', async () => {
    const { app: bare } = await buildTestApp({ upstreamUrl: simulator.url });
    const cookie = await signInAs(bare);
    const response = await bare.request('/bff/availability', {
      method: 'PUT',
      headers: { ...WRITE_HEADERS, cookie },
      body: JSON.stringify({ status: 'away' }),
    });
    expect(response.status).toBe(503);
    expect(await errorOf(response)).toMatchObject({ code: 'database_unavailable' });
    const activity = await bare.request('/bff/activity', {
      method: 'POST',
      headers: { ...WRITE_HEADERS, cookie },
    });
    expect(activity.status).toBe(503);
    await bare.liveHub.close();
  });
});

describe('a reply', () => {
  const write = (method: 'PUT' | 'POST', path: string, body: unknown) =>
    app.request(`/api/v1/agent-conversations/${path}`, {
      method,
      headers: { ...WRITE_HEADERS, cookie: staff, 'idempotency-key': crypto.randomUUID() },
      body: JSON.stringify(body),
    });
  const assigneeOf = async (id: string) =>
    ((await (await read(`/api/v1/agent-conversations/${id}`)).json()) as { data: Conversation }).data
      .assigned_to;

  it('makes a conversation waiting for a person with nobody assigned the replier’s, unless the owner turned that off', async () => {
    const listed = (await (
      await read('/api/v1/agent-conversations?status=active&handoff_state=bot&limit=10')
    ).json()) as { data: Conversation[] };
    const [first, second] = listed.data.filter((conversation) => conversation.assigned_to === null);
    for (const { id } of [first!, second!]) {
      // Handed to a person, nobody assigned: as the assistant's handoff leaves it.
      const handed = await write('PUT', id, { status: 'active', handoff_state: 'human', assigned_to: null });
      expect(handed.status).toBe(200);
    }
    const reply = (id: string) =>
      write('POST', `${id}/messages`, { content: 'Hello, I can help.', author_user_id: 'usr_staff1' });

    expect((await reply(first!.id)).status).toBe(201);
    expect(await assigneeOf(first!.id)).toBe('usr_staff1');

    const off = { ...DEFAULT_ASSIGNMENT_SETTINGS, reply_assigns: false };
    expect((await put('/bff/assignment-settings', off, owner)).status).toBe(200);
    expect((await reply(second!.id)).status).toBe(201);
    expect(await assigneeOf(second!.id)).toBeNull();
  });
});
