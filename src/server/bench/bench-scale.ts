import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { startPostgres, type TestPostgres } from '../testing/test-postgres.ts';
import { hashPassword } from '../users/password.ts';
import { writeUsersFileAtomic } from '../users/users-file.ts';
import { runBench, startBenchChild, stopChild, stopWithChildren } from './children.ts';
import { openLiveClient } from './live-clients.ts';
import { control, json, memoryOf, percentile, sleep, startRealBff } from './bench-kit.ts';

/**
 * npm run bench:scale — the inbox's read model on large stores, one BFF (real mode, no Redis) on the
 * dashboard's database chosen by BENCH_SCALE_DATABASE: `pglite` (default, PGlite in a data directory) or
 * `postgres` (a throwaway Postgres server started and stopped by the bench, one database per size).
 *
 * For each store size (BENCH_SCALE_SIZES, default 2000,10000; a third of the conversations active, built
 * by the simulator's bulk seeding), a BFF starts on an empty data directory (or database) with one dashboard
 * open, until its model is ready (`GET /bff/inbox` says `ready: true`: listed, and every active transcript
 * read); then it is stopped and started again on the same one. Printed for each start: the time from
 * starting the process until the inbox is served from the model (`listed`: lists, counts and search) and
 * until ready (previews complete), the upstream requests by kind at each (the simulator's own log), `GET /bff/inbox`
 * p50/p95 for "All active", needs a person, a search and a customer context, and the BFF's memory after a full GC.
 * The simulator's default rate limit applies (20 000 requests a minute) unless BENCH_SCALE_RATE_LIMIT sets
 * the store's limit (requests a minute, a real store's key: 120). Transcript reads include the history's
 * backfill, which reads closed conversations' past once the model is ready (decision 032).
 *
 * BENCH_SCALE_WATCH_S: instead of waiting until ready (hours at 120 a minute), the first start is watched
 * for this many seconds once listed: previews read a minute, and change-to-screen, a new handoff every
 * BENCH_SCALE_CHANGE_EVERY_S (default 8) from the start, timed until its event reaches the open stream.
 * No latencies or restart are measured then.
 */
const SIZES = (process.env.BENCH_SCALE_SIZES ?? '2000,10000').split(',').map(Number);
const SAMPLES = Number(process.env.BENCH_SCALE_SAMPLES ?? 100);
/** Give up on a start that is not ready after this long. */
const READY_LIMIT_S = Number(process.env.BENCH_SCALE_READY_LIMIT_S ?? 1800);
const PASSWORD = randomBytes(12).toString('base64url');
const BULK_MAX = 20_000;
const DATABASE = process.env.BENCH_SCALE_DATABASE ?? 'pglite';
const RATE_LIMIT = process.env.BENCH_SCALE_RATE_LIMIT
  ? Number(process.env.BENCH_SCALE_RATE_LIMIT)
  : undefined;
const WATCH_S = process.env.BENCH_SCALE_WATCH_S ? Number(process.env.BENCH_SCALE_WATCH_S) : undefined;
const CHANGE_EVERY_S = Number(process.env.BENCH_SCALE_CHANGE_EVERY_S ?? 8);
if (DATABASE !== 'pglite' && DATABASE !== 'postgres')
  throw new Error(`BENCH_SCALE_DATABASE must be pglite or postgres, not ${DATABASE}`);

async function signIn(bffUrl: string): Promise<string> {
  const response = await fetch(`${bffUrl}/bff/login`, {
    method: 'POST',
    headers: { ...json, 'x-csrf': '1', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ email: 'bench@example.com', password: PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0]!;
}

interface InboxAnswer {
  listed: boolean;
  ready: boolean;
  previews: { read: number; of: number };
  data: { conversation: { id: string; email: string | null; display_name: string | null } }[];
}

async function inbox(bffUrl: string, cookie: string, query: string): Promise<InboxAnswer> {
  const response = await fetch(`${bffUrl}/bff/inbox${query}`, { headers: { cookie, 'x-csrf': '1' } });
  if (response.status !== 200) throw new Error(`GET /bff/inbox${query} answered ${response.status}`);
  return (await response.json()) as InboxAnswer;
}

/** The simulator's log of Commerce API requests (its last 10 000), by kind. */
async function upstreamRequests(simUrl: string) {
  const { data } = (await control(simUrl, 'GET', '/__sim/requests')) as {
    data: { path: string; query: string; status: number }[];
  };
  const count = {
    total: data.length,
    listing: 0,
    walk: 0,
    fallback: 0,
    transcripts: 0,
    other: 0,
    refused: 0,
  };
  for (const request of data) {
    if (request.status === 429) count.refused += 1;
    const query = new URLSearchParams(request.query);
    if (request.path !== '/api/v1/agent-conversations')
      count[request.path.endsWith('/messages') ? 'transcripts' : 'other'] += 1;
    else if (query.has('updated_after')) count.walk += 1;
    // The dashboard's inbox read from the API's own list while the model is not ready.
    else if (query.has('status')) count.fallback += 1;
    // The feed's listing of the whole store, and its check of the newest page for a restore.
    else count.listing += 1;
  }
  return count;
}

async function latencies(bffUrl: string, cookie: string, query: string) {
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i += 1) {
    const started = performance.now();
    await inbox(bffUrl, cookie, query);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return `p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`;
}

runBench('bench-scale', async (dir) => {
  const usersFile = join(dir, 'users.json');
  await writeUsersFileAtomic(usersFile, {
    users: [
      {
        email: 'bench@example.com',
        name: 'Bench',
        role: 'staff',
        store_user_id: 'usr_staff1',
        password_hash: await hashPassword(PASSWORD, { ln: 4, r: 8, p: 1 }),
      },
    ],
  });
  const simulator = await startBenchChild(new URL('./simulator-child.ts', import.meta.url), {});
  const sessionSecret = randomBytes(32).toString('base64url');
  const postgres: TestPostgres | undefined = DATABASE === 'postgres' ? await startPostgres() : undefined;
  if (postgres) stopWithChildren(() => postgres.stop());
  /** Where one size's BFF keeps its data, across its restart: a data directory, or a database of its own. */
  const databaseFor = async (size: number): Promise<Record<string, string>> =>
    postgres
      ? { DATABASE_URL: await postgres.createDatabase(`scale_${size}`) }
      : { DATA_DIR: join(dir, `data-${size}`) };
  const startBff = (database: Record<string, string>) =>
    startRealBff(
      { simulatorUrl: simulator.url, usersFile, sessionSecret },
      { ...database, LOG_LEVEL: 'warn' },
    );
  console.log(
    `Machine: ${availableParallelism()} CPUs, load average ${loadavg()[0]!.toFixed(2)} at start, Node ${process.version}. Database: ${DATABASE}. Store's limit: ${RATE_LIMIT ?? 'the simulator default'} a minute.`,
  );

  /** A new handoff every CHANGE_EVERY_S while `until()` is false; each one's time to the open stream. */
  async function makeChanges(client: ReturnType<typeof openLiveClient>, until: () => boolean) {
    const written: { id: string; at: number }[] = [];
    while (!until()) {
      const { data } = (await control(simulator.url, 'POST', '/__sim/shopper-messages', {
        display_name: `Bench change ${written.length + 1}`,
        content: 'A person, please.',
        escalate: true,
      })) as { data: { conversation: { id: string } } };
      written.push({ id: data.conversation.id, at: performance.now() });
      await sleep(CHANGE_EVERY_S * 1000);
    }
    // The last change's event may still be on its way.
    await sleep(5000);
    const times = written
      .map(({ id, at }) => (client.arrivals.get(`conv:${id}`) ?? Number.NaN) - at)
      .filter((time) => !Number.isNaN(time))
      .sort((a, b) => a - b);
    const seconds = (p: number) => (percentile(times, p) / 1000).toFixed(2);
    return `${written.length} changes, ${written.length - times.length} not seen, change-to-screen p50 ${seconds(50)} s, p95 ${seconds(95)} s, max ${seconds(100)} s`;
  }

  /** One BFF process from its start until its model is ready, measured; it keeps running. */
  async function start(database: Record<string, string>, label: string) {
    await control(simulator.url, 'DELETE', '/__sim/requests');
    const load = loadavg()[0]!;
    const started = performance.now();
    const bff = await startBff(database);
    // The database opens after the server listens (longer on a busy machine): sign in once it is ready.
    const readyz = () =>
      fetch(`${bff.url}/readyz`).then(
        (response) => response.status === 200,
        () => false,
      );
    while (!(await readyz())) await sleep(100);
    const cookie = await signIn(bff.url);
    const client = openLiveClient(bff.url, cookie, (error) => console.error(`  stream: ${error}`));
    await client.ready;
    let listed:
      | { seconds: number; previews: number; requests: Awaited<ReturnType<typeof upstreamRequests>> }
      | undefined;
    let watched: string | undefined;
    const watching = WATCH_S === undefined ? undefined : { done: false };
    const changes = watching && makeChanges(client, () => watching.done);
    for (;;) {
      const answer = await inbox(bff.url, cookie, '?status=active&limit=50');
      if (answer.listed && !listed)
        listed = {
          seconds: (performance.now() - started) / 1000,
          previews: answer.previews.read,
          requests: await upstreamRequests(simulator.url),
        };
      if (answer.ready) break;
      if (watching && listed && performance.now() - started >= (listed.seconds + WATCH_S!) * 1000) {
        const minutes = (performance.now() - started) / 60_000 - listed.seconds / 60;
        watched = `previews ${listed.previews} -> ${answer.previews.read} of ${answer.previews.of} in ${WATCH_S} s after listed: ${((answer.previews.read - listed.previews) / minutes).toFixed(1)} a minute`;
        break;
      }
      if (performance.now() - started > READY_LIMIT_S * 1000)
        throw new Error(`${label}: not ready after ${READY_LIMIT_S} s`);
      // As often as a dashboard reads while the model is not ready (while not listed each read is one
      // upstream list: under a real store's limit as often as the browser polls).
      await sleep(!listed && RATE_LIMIT !== undefined ? 5000 : 1000);
    }
    const readyS = (performance.now() - started) / 1000;
    const requests = await upstreamRequests(simulator.url);
    if (watching) watching.done = true;
    if (listed)
      console.log(
        `  ${label}: lists and counts served after ${listed.seconds.toFixed(1)} s; upstream requests until then: ${listed.requests.total} (listing pages ${listed.requests.listing}, walks ${listed.requests.walk}, transcript reads ${listed.requests.transcripts}, the inbox's fallback lists ${listed.requests.fallback}, other ${listed.requests.other})`,
      );
    if (watched) {
      console.log(
        `  ${label}: ${watched}; upstream requests until then: ${requests.total} (listing pages ${requests.listing}, walks ${requests.walk}, transcript reads ${requests.transcripts}, the inbox's fallback lists ${requests.fallback}, other ${requests.other}, refused ${requests.refused}); ${await changes}`,
      );
      return { ...bff, cookie, client, ready: false };
    }
    console.log(
      `  ${label}: ready after ${readyS.toFixed(1)} s (load average ${load.toFixed(2)} at its start); upstream requests until then: ${requests.total} (listing pages ${requests.listing}, walks ${requests.walk}, transcript reads ${requests.transcripts}, the inbox's fallback lists ${requests.fallback}, other ${requests.other})${requests.total >= 10_000 ? ' (the log keeps the last 10 000)' : ''}`,
    );
    return { ...bff, cookie, client, ready: true };
  }

  async function printMemoryAndStop(bff: Awaited<ReturnType<typeof start>>) {
    const memory = await memoryOf(bff.child);
    console.log(
      `  BFF memory: heap ${(memory.heapUsed / 1e6).toFixed(0)} MB, RSS ${(memory.rss / 1e6).toFixed(0)} MB`,
    );
    bff.client.close();
    await stopChild(bff.child);
  }

  for (const size of SIZES) {
    await control(simulator.url, 'POST', '/__sim/reset');
    const seeded = { created: 0, active: 0, needs_person: 0 };
    for (let left = size; left > 0; left -= BULK_MAX) {
      const { data } = (await control(simulator.url, 'POST', '/__sim/conversations/bulk', {
        count: Math.min(left, BULK_MAX),
      })) as { data: typeof seeded };
      seeded.created += data.created;
      seeded.active += data.active;
      seeded.needs_person += data.needs_person;
    }
    console.log(
      `\nStore of ${size} bulk conversations plus the 64 seeded: ${seeded.active} of the bulk ones active, ${seeded.needs_person} needing a person.`,
    );
    if (RATE_LIMIT !== undefined)
      await control(simulator.url, 'PUT', '/__sim/rate-limits', { limit: RATE_LIMIT, window_s: 60 });
    const database = await databaseFor(size);
    const first = await start(database, 'first start');
    if (!first.ready) {
      await printMemoryAndStop(first);
      continue;
    }
    const sample = (await inbox(first.url, first.cookie, '?status=active&limit=200')).data;
    const named = sample.find((row) => row.conversation.email !== null)!.conversation;
    const word = (named.display_name ?? '').split(' ')[0]!.toLowerCase();
    const queries: [string, string][] = [
      ['All active', '?status=active&limit=50'],
      ['needs a person', '?status=active&handoff_state=human&limit=50'],
      [`a search ("${word}")`, `?q=${encodeURIComponent(word)}&limit=50`],
      ['a customer context', `?customer_of=${named.id}`],
    ];
    for (const [name, query] of queries)
      console.log(`  GET /bff/inbox ${name}: ${await latencies(first.url, first.cookie, query)}`);
    await printMemoryAndStop(first);

    const again = await start(database, 'restart');
    for (const [name, query] of queries.slice(0, 1))
      console.log(`  GET /bff/inbox ${name}: ${await latencies(again.url, again.cookie, query)}`);
    await printMemoryAndStop(again);
  }
});
