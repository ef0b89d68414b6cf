import { TeamAvailability } from './team-availability.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulatorServer, type SimulatorServer } from '../../../mocks/http-server.ts';
import { assignmentSettingsAnswerSchema, teamAvailabilitySchema } from '../../schemas/assignment.ts';
import { DashboardDatabase } from '../composition/dashboard-database.ts';
import {
  buildTestApp,
  manualClock,
  READ_HEADERS,
  signIn,
  signInAs,
  WRITE_HEADERS,
  type TestApp,
} from '../testing/test-app.ts';
import { openEmbeddedTestDatabase } from '../testing/embedded-test-database.ts';
import { PRIVATE_TEXT_MARKER } from '../testing/logged-lines.ts';

const MINUTE = 60_000;

let simulator: SimulatorServer;
let database: DashboardDatabase;
let app: TestApp;
let staff: string;
let owner: string;
const clock = manualClock();

beforeAll(async () => {
  simulator = await startSimulatorServer({ port: 0 });
  database = new DashboardDatabase(openEmbeddedTestDatabase());
  await database.database();
  // Sessions outlast the hours this clock moves through.
  const config = { sessionIdleMs: 24 * 60 * MINUTE, sessionAbsoluteMs: 7 * 24 * 60 * MINUTE };
  ({ app } = await buildTestApp({ upstreamUrl: simulator.url, now: clock.now, config, deps: { database } }));
  [staff, owner] = await Promise.all([signInAs(app), signIn(app)]);
}, 60_000);
afterAll(async () => {
  await app.liveHub.close();
  await database.close();
  await simulator.close();
});

const request = (method: string, path: string, cookie: string, body?: unknown) =>
  app.request(path, {
    method,
    headers: { ...(method === 'GET' ? READ_HEADERS : WRITE_HEADERS), cookie },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
const staff1 = async () =>
  teamAvailabilitySchema
    .parse(await (await request('GET', '/bff/availability', staff)).json())
    .data.find((person) => person.user_id === 'usr_staff1');
/** Minutes pass with Sam's dashboard open and no input: the live hub notes the open stream each minute. */
const idleFor = async (minutes: number) => {
  const team = await database.store((db) => new TeamAvailability(db, clock.now))();
  for (let minute = 0; minute < minutes; minute++) {
    clock.advance(MINUTE);
    await team.seen(['usr_staff1']);
  }
};
const availabilityEvents = () => {
  const events: unknown[] = [];
  const unsubscribe = app.liveHub.log.subscribe((event) => {
    if (event.name === 'availability') events.push(event.data);
  });
  return { events, unsubscribe };
};
const settings = { enabled: true, strategy: 'round_robin', max_open_per_person: 5 };

describe('auto-away', () => {
  it('is off by default: an open dashboard without input stays Available', async () => {
    expect((await request('PUT', '/bff/availability', staff, { status: 'available' })).status).toBe(200);
    await idleFor(90);
    expect(await staff1()).toMatchObject({ status: 'available', inactive: false });
  });

  it('counts someone away after the owner’s period without input, and back with their next input', async () => {
    const saved = await request('PUT', '/bff/assignment-settings', owner, {
      ...settings,
      away_after_idle_minutes: 15,
    });
    expect(saved.status).toBe(200);
    // Choosing is input: the period starts now.
    await request('PUT', '/bff/availability', staff, { status: 'available' });
    await idleFor(14);
    expect(await staff1()).toMatchObject({ status: 'available', inactive: false });

    const before = clock.now();
    await idleFor(2);
    expect(await staff1()).toMatchObject({ status: 'away', chosen: 'available', inactive: true });
    // The replica reading the store tells every dashboard at its next step.
    expect(
      await (
        await database.store((db) => new TeamAvailability(db, clock.now))()
      ).lapsedBetween(before, clock.now()),
    ).toEqual(['usr_staff1']);

    const { events, unsubscribe } = availabilityEvents();
    const reported = await request('POST', '/bff/activity', staff);
    expect(reported.status).toBe(204);
    expect(await staff1()).toMatchObject({ status: 'available', inactive: false });
    // Input while already active changes nothing and tells nobody.
    expect((await request('POST', '/bff/activity', staff)).status).toBe(204);
    unsubscribe();
    expect(events).toEqual([{ user_ids: ['usr_staff1'] }]);
  });

  it('ends with a choice of Available; someone who chose Away is just Away', async () => {
    await idleFor(16);
    expect(await staff1()).toMatchObject({ status: 'away', inactive: true });
    await request('PUT', '/bff/availability', staff, { status: 'available' });
    expect(await staff1()).toMatchObject({ status: 'available', inactive: false });

    await request('PUT', '/bff/availability', staff, { status: 'away' });
    await idleFor(16);
    expect(await staff1()).toMatchObject({ status: 'away', chosen: 'away', inactive: false });
    await request('PUT', '/bff/availability', staff, { status: 'available' });
  });

  it('stops when the owner turns it off', async () => {
    await idleFor(16);
    expect(await staff1()).toMatchObject({ inactive: true });
    await request('PUT', '/bff/assignment-settings', owner, { ...settings, away_after_idle_minutes: null });
    expect(await staff1()).toMatchObject({ status: 'available', inactive: false });
    const stored = assignmentSettingsAnswerSchema.parse(
      await (await request('GET', '/bff/assignment-settings', staff)).json(),
    );
    expect(stored.data.away_after_idle_minutes).toBeNull();
  });

  it('refuses a period it does not offer, a staff member’s setting, and a report without a session or CSRF header', async () => {
    const odd = await request('PUT', '/bff/assignment-settings', owner, {
      ...settings,
      away_after_idle_minutes: 7,
    });
    expect(odd.status).toBe(400);
    expect(await odd.json()).toMatchObject({
      error: { code: 'invalid_body', field: 'away_after_idle_minutes' },
    });
    const byStaff = await request('PUT', '/bff/assignment-settings', staff, {
      ...settings,
      away_after_idle_minutes: 15,
    });
    expect(byStaff.status).toBe(403);

    expect((await request('POST', '/bff/activity', '')).status).toBe(401);
    const noCsrf = await app.request('/bff/activity', {
      method: 'POST',
      headers: { ...READ_HEADERS, cookie: staff },
    });
    expect(noCsrf.status).toBe(403);
    const huge = await app.request('/bff/activity', {
      method: 'POST',
      headers: { ...WRITE_HEADERS, cookie: staff },
      body: `${PRIVATE_TEXT_MARKER}${'x'.repeat(2_000_000)}`,
    });
    expect(huge.status).toBe(413);
  });
});
