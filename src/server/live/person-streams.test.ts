import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../schemas/demo-accounts.ts';
import { replicasOnOneRedis } from '../testing/replicas-on-redis.ts';
import { endsWithinASecond, openStream } from '../testing/live-test-kit.ts';
import {
  buildTestApp,
  errorOf,
  signIn,
  signInAs,
  TEST_SCRYPT,
  READ_HEADERS,
  WRITE_HEADERS,
  type TestApp,
} from '../testing/test-app.ts';
import { createDirectory, type UserDirectory } from '../users/directory.ts';
import { hashPassword } from '../users/password.ts';

const replicas = replicasOnOneRedis('streams-end-test:');
/** The heartbeat (which also finds ended sessions) far off: only the end itself may close a stream. */
const SLOW_HEARTBEAT = { live: { options: { heartbeatMs: 600_000 } } };

const apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.liveHub.close()));
});

const endAll = (app: TestApp, cookie: string) =>
  app.request('/bff/sessions/end-all', { method: 'POST', headers: { ...WRITE_HEADERS, cookie } });

async function readyOn(app: TestApp, cookie: string) {
  const stream = await replicas.stream(app, cookie);
  await stream.next((event) => event.event === 'ready');
  return stream;
}

describe("a person's sessions ending closes their streams at once", () => {
  it('in one process: "sign out everywhere" closes each of their streams, and nobody else\'s', async () => {
    const { app } = await buildTestApp({ upstreamUrl: replicas.simulator.url, deps: SLOW_HEARTBEAT });
    apps.push(app);
    const [phone, laptop, alex] = [
      await signInAs(app),
      await signInAs(app),
      await signInAs(app, DEMO_ACCOUNTS.staff2.email),
    ];
    const streams = [await readyOn(app, phone), await readyOn(app, laptop), await readyOn(app, alex)];
    expect((await endAll(app, phone)).status).toBe(200);
    await Promise.all(streams.slice(0, 2).map(endsWithinASecond));
    expect(app.liveHub.streamCount).toBe(1);
  });

  it("in one process: a role changed in the directory closes that person's streams", async () => {
    const bo = {
      id: 'usr_bo',
      email: 'bo@example.com',
      name: 'Bo',
      role: 'staff' as const,
      passwordHash: await hashPassword('bo-pass', TEST_SCRYPT),
    };
    const people = createDirectory({ users: [bo] });
    let tellChanged: (emails: string[]) => void = () => undefined;
    const directory: UserDirectory = { ...people, onUsersChanged: (listener) => (tellChanged = listener) };
    const { app } = await buildTestApp({
      upstreamUrl: replicas.simulator.url,
      deps: { ...SLOW_HEARTBEAT, directory },
    });
    apps.push(app);
    const stream = await readyOn(app, await signIn(app, 'bo@example.com', 'bo-pass'));
    people.replace({ users: [{ ...bo, role: 'owner' }] });
    tellChanged([bo.email]);
    await endsWithinASecond(stream);
  });

  it('across replicas: "sign out everywhere" on one closes their streams on the other within a second', async () => {
    const a = await replicas.replica(undefined, SLOW_HEARTBEAT);
    const b = await replicas.replica(undefined, SLOW_HEARTBEAT);
    const onA = await signInAs(a.app);
    const onB = await signInAs(b.app);
    const alexOnB = await signInAs(b.app, DEMO_ACCOUNTS.staff2.email);
    const streams = [await readyOn(b.app, onB), await readyOn(b.app, onA), await readyOn(a.app, onA)];
    await readyOn(b.app, alexOnB);
    expect((await endAll(a.app, onA)).status).toBe(200);
    await Promise.all(streams.map(endsWithinASecond));
    // Alex's stream is the one left.
    expect(b.app.liveHub.streamCount).toBe(1);
  });

  it('across replicas: one session ended from the list on one closes its stream on the other, and only it', async () => {
    const a = await replicas.replica(undefined, SLOW_HEARTBEAT);
    const b = await replicas.replica(undefined, SLOW_HEARTBEAT);
    const [laptop, phone] = [await signInAs(a.app), await signInAs(b.app)];
    const phoneStream = await readyOn(b.app, phone);
    await readyOn(b.app, laptop);
    const listed = (await (
      await a.app.request('/bff/account/sessions', { headers: { ...READ_HEADERS, cookie: laptop } })
    ).json()) as { data: { id: string; current: boolean }[] };
    const other = listed.data.find((session) => !session.current)!;
    const ended = await a.app.request(`/bff/account/sessions/${other.id}`, {
      method: 'DELETE',
      headers: { ...WRITE_HEADERS, cookie: laptop },
    });
    expect(ended.status).toBe(204);
    await endsWithinASecond(phoneStream);
    // The laptop's stream, whose session lives on, stays open.
    expect(b.app.liveHub.streamCount).toBe(1);
  });
});

describe("the cap on a person's streams", () => {
  it('holds over replicas together, and a closed stream frees its slot for another replica', async () => {
    const capOfTwo = { live: { options: { heartbeatMs: 600_000, maxStreamsPerUser: 2 } } };
    const a = await replicas.replica(undefined, capOfTwo);
    const b = await replicas.replica(undefined, capOfTwo);
    const [laptop, phone] = [await signInAs(a.app), await signInAs(b.app)];
    const onA = await readyOn(a.app, laptop);
    await readyOn(b.app, phone);
    const refused = await openStream(b.app, phone);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('10');
    expect(await errorOf(refused)).toMatchObject({ code: 'too_many_streams' });
    // Someone else is not counted against them.
    await readyOn(b.app, await signInAs(b.app, DEMO_ACCOUNTS.staff2.email));

    await onA.cancel();
    await expect.poll(async () => (await openStream(b.app, phone)).status, { timeout: 2000 }).toBe(200);
  });
});
