import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join } from 'node:path';
import { hashPassword } from '../users/password.ts';
import { writeUsersFileAtomic } from '../users/users-file.ts';
import { startRedis } from '../testing/test-redis.ts';
import { startPostgres } from '../testing/test-postgres.ts';
import { runBench, startBenchChild, stopChild } from './children.ts';
import { control, json, memoryOf, percentile, sleep, startRealBff, type Memory } from './bench-kit.ts';
import { openLiveClient, type LiveClient } from './live-clients.ts';

/**
 * npm run bench:live — the live hub under N dashboards (SSE clients with their own sessions, not browsers).
 *
 * Simulator and BFF (real mode, info logging) run as child processes. For each N, every dashboard signs
 * in, opens GET /bff/events and sends presence heartbeats for one of up to 20 conversations, while the
 * control plane writes at a steady rate: shopper messages into watched conversations, and every fifth write
 * a new escalation. One in ten dashboards (at least one) has its stream cut once and resumes with
 * Last-Event-ID. Printed per N: upstream requests per minute from the simulator's own log, delivery latency
 * from the control-plane write to the event at every dashboard, events lost, BFF memory per stream.
 */
const COUNTS = (process.env.BENCH_LIVE_N ?? '1,10,100,500').split(',').map(Number);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 30);
const WRITES_PER_S = Number(process.env.BENCH_WRITES_PER_S ?? 1);
const DRAIN_S = 30;
/**
 * BENCH_REPLICAS=1,2 runs every N against that many BFF replicas sharing one Redis (dashboards spread
 * round-robin over them): the upstream requests per minute must not grow with the replicas. Unset: one BFF
 * with everything in memory.
 */
const REPLICAS = process.env.BENCH_REPLICAS?.split(',').map(Number);
const KEY = 'sk_test_demo_owner';
const PASSWORD = randomBytes(12).toString('base64url');
const USERS = ['usr_staff1', 'usr_staff2', 'usr_staff3', 'usr_owner'];

type Bff = { url: string; child: ChildProcess };

/** Summed over the replicas. */
async function memory(bffs: Bff[]): Promise<Memory> {
  const each = await Promise.all(bffs.map((bff) => memoryOf(bff.child)));
  return each.reduce((sum, m) => ({
    heapUsed: sum.heapUsed + m.heapUsed,
    rss: sum.rss + m.rss,
    external: sum.external + m.external,
    streams: sum.streams + m.streams,
  }));
}

/** Runs `work` over `items` with at most `limit` at once. */
async function pool<T, R>(
  items: T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!, index);
      }
    }),
  );
  return results;
}

async function signIn(bffUrl: string, index: number): Promise<string> {
  const response = await fetch(`${bffUrl}/bff/login`, {
    method: 'POST',
    headers: { ...json, 'x-csrf': '1', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ email: `bench${index % USERS.length}@example.com`, password: PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0]!;
}

async function runOnce(n: number, simUrl: string, bffs: Bff[]) {
  // Dashboard i signs in and streams through replica i mod R (as a load balancer would spread them).
  const bffUrlOf = (i: number) => bffs[i % bffs.length]!.url;
  await control(simUrl, 'POST', '/__sim/reset');
  await control(simUrl, 'PUT', '/__sim/rate-limits', { limit: 1_000_000_000, window_s: 60 });
  const list = await fetch(`${simUrl}/api/v1/agent-conversations?status=active&limit=20`, {
    headers: { authorization: `Bearer ${KEY}` },
  });
  const watched = ((await list.json()) as { data: { id: string }[] }).data
    .map((c) => c.id)
    .slice(0, Math.min(n, 20));
  const before = await memory(bffs);

  const errors: string[] = [];
  const cookies = await pool(
    Array.from({ length: n }, (_, i) => i),
    16,
    (i) => signIn(bffUrlOf(i), i),
  );
  const clients: LiveClient[] = cookies.map((cookie, i) =>
    openLiveClient(bffUrlOf(i), cookie, (e) => errors.push(e)),
  );
  await Promise.all(clients.map((client) => client.ready));
  const presence = (cookie: string, i: number) =>
    fetch(`${bffUrlOf(i)}/bff/presence`, {
      method: 'PUT',
      headers: { ...json, cookie, 'x-csrf': '1', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ conversation_id: watched[i % watched.length], state: 'viewing' }),
    }).then(
      (r) => void (r.status === 204 || errors.push(`presence answered ${r.status}`)),
      (error: Error) => void errors.push(`presence failed: ${error.message}`),
    );
  await pool(cookies, 32, presence);
  const heartbeats = setInterval(() => void pool(cookies, 32, presence), 10_000);
  const withStreams = await memory(bffs);
  await sleep(3000); // the feed's first walk and tail reads settle before counting

  await control(simUrl, 'DELETE', '/__sim/requests');
  // The clients' own event loop delay is part of every measured latency: printed so it can be told apart.
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const load = loadavg()[0]!;
  const started = performance.now();
  const writes: { key: string; at: number }[] = [];
  const droppers = clients.filter((_, i) => i % 10 === 0);
  const dropAt = new Map(
    droppers.map((client) => [client, started + (0.25 + Math.random() * 0.5) * DURATION_S * 1000]),
  );
  let nextAt = started;
  for (let i = 0; performance.now() - started < DURATION_S * 1000; i += 1) {
    const at = performance.now();
    if (i % 5 === 4) {
      const { data } = (await control(simUrl, 'POST', '/__sim/shopper-messages', {
        content: 'Can I talk to a person about my order?',
        escalate: true,
      })) as { data: { conversation: { id: string } } };
      writes.push({ key: `conv:${data.conversation.id}`, at });
    } else {
      const { data } = (await control(simUrl, 'POST', '/__sim/shopper-messages', {
        conversation_id: watched[i % watched.length],
        content: `Is it in stock? (${i})`,
      })) as { data: { message: { id: string } } };
      writes.push({ key: data.message.id, at });
    }
    for (const [client, when] of dropAt) {
      if (performance.now() < when) continue;
      dropAt.delete(client);
      client.drop(1000 + Math.random() * 2000);
    }
    // Steady on average, but at a random phase: a write period equal to the feed's would lock onto it and
    // measure one fixed offset instead of the latency distribution.
    nextAt += ((0.5 + Math.random()) * 1000) / WRITES_PER_S;
    await sleep(Math.max(0, nextAt - performance.now()));
  }
  // Wait for every delivery (or give up after the drain limit: what is still missing then is lost).
  const complete = () => writes.every((w) => clients.every((client) => client.arrivals.has(w.key)));
  for (let waited = 0; waited < DRAIN_S * 1000 && !complete(); waited += 250) await sleep(250);
  // Counted over the writes and the wait for the last deliveries: the log holds every request of both.
  const elapsedMin = (performance.now() - started) / 60_000;
  lag.disable();
  const requests = (
    (await control(simUrl, 'GET', '/__sim/requests')) as { data: { path: string; query: string }[] }
  ).data;
  clearInterval(heartbeats);

  const latencies: number[] = [];
  let lost = 0;
  let resumed = 0;
  const lostAt = new Set<LiveClient>();
  const lostWrites = new Set<number>();
  for (const [w, write] of writes.entries()) {
    for (const client of clients) {
      const arrived = client.arrivals.get(write.key);
      if (arrived === undefined) {
        lost += 1;
        lostAt.add(client);
        lostWrites.add(w);
      }
      // Written while this client's stream was cut, or replayed after: delivered by the resume, not live.
      else if (
        client.replayed.has(write.key) ||
        client.cuts.some(([from, to]) => write.at >= from && write.at <= to)
      )
        resumed += 1;
      else latencies.push(arrived - write.at);
    }
  }
  latencies.sort((a, b) => a - b);
  for (const client of clients) client.close();
  const count = (test: (r: { path: string; query: string }) => boolean) => requests.filter(test).length;
  const perMin = (value: number) => (value / elapsedMin).toFixed(1);
  const walks = count((r) => r.path === '/api/v1/agent-conversations');
  const tails = count((r) => r.path.endsWith('/messages'));
  const config = count((r) => r.path === '/api/v1/agent-config');
  const perStream = (bytes: number) => `${(bytes / n / 1024).toFixed(1)} KiB`;
  console.log(
    [
      `N=${String(n).padEnd(4)}${REPLICAS ? ` replicas=${bffs.length}` : ''}`,
      `upstream ${perMin(requests.length).padStart(6)}/min (walks ${perMin(walks)}, tails ${perMin(tails)}, config ${perMin(config)}; ${writes.length} writes)`,
      `latency p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms, max ${(latencies.at(-1) ?? NaN).toFixed(0)} ms`,
      `lost ${lost} of ${writes.length * n} deliveries (${droppers.length} streams cut for 1-3 s and resumed; ${resumed} of them written during the cut or replayed)`,
      `load average ${load.toFixed(1)}; the benchmark's own event loop delay p99 ${(lag.percentile(99) / 1e6).toFixed(0)} ms`,
      `memory per stream: heap ${perStream(withStreams.heapUsed - before.heapUsed)}, rss ${perStream(withStreams.rss - before.rss)}`,
      ...(lost
        ? [
            `lost at ${lostAt.size} clients (${[...lostAt].filter((c) => c.cuts.length > 0).length} of them cut), writes #${[...lostWrites].join(', #')}`,
          ]
        : []),
      ...(errors.length ? [`errors: ${[...new Set(errors)].slice(0, 3).join('; ')} (${errors.length})`] : []),
    ].join('\n        '),
  );
  // Let the BFF see every stream close before the next N.
  for (let i = 0; i < 50 && (await memory(bffs)).streams > 0; i += 1) await sleep(100);
}

runBench('bench-live', async (dir) => {
  const usersFile = join(dir, 'users.json');
  // Cheap hashes: the benchmark signs in hundreds of sessions; the password check is not what it measures.
  const hash = await hashPassword(PASSWORD, { ln: 4, r: 8, p: 1 });
  await writeUsersFileAtomic(usersFile, {
    users: USERS.map((id, i) => ({
      email: `bench${i}@example.com`,
      name: `Bench ${i}`,
      role: id === 'usr_owner' ? 'owner' : 'staff',
      store_user_id: id,
      password_hash: hash,
    })),
  });
  const simulator = await startBenchChild(new URL('./simulator-child.ts', import.meta.url), {});
  const sessionSecret = randomBytes(32).toString('base64url');
  const startBff = (extra: Record<string, string> = {}) =>
    startRealBff(
      { simulatorUrl: simulator.url, usersFile, sessionSecret },
      {
        LOG_LEVEL: 'info',
        // N dashboards share four accounts here: lift the per-person caps that a real shop keeps.
        SESSIONS_PER_USER: '10000',
        LIVE_STREAMS_PER_USER: '100000',
        ...extra,
      },
      // BENCH_PROFILE=<dir> writes a V8 CPU profile of the BFF there (open it in Chrome DevTools).
      process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [],
    );
  console.log(
    `Machine: ${availableParallelism()} CPUs, load average ${loadavg()[0]!.toFixed(2)} at start, Node ${process.version}.`,
  );
  console.log(
    `Per N: ${DURATION_S} s of control-plane writes at ${WRITES_PER_S}/s (random phase; 4 in 5 shopper messages into watched conversations, 1 in 5 new escalations), ${DRAIN_S} s at most for the last deliveries.`,
  );
  if (!REPLICAS) {
    const bff = await startBff({ DATA_DIR: join(dir, 'data') });
    for (const n of COUNTS) await runOnce(n, simulator.url, [bff]);
    return;
  }
  for (const replicas of REPLICAS) {
    // A fresh Redis and database per replica count: nothing (lease, log, history) carries over between runs.
    const [redis, postgres] = await Promise.all([startRedis(), startPostgres()]);
    try {
      const databaseUrl = await postgres.createDatabase('dashboard');
      const bffs = await Promise.all(
        Array.from({ length: replicas }, () => startBff({ REDIS_URL: redis.url, DATABASE_URL: databaseUrl })),
      );
      for (const n of COUNTS) await runOnce(n, simulator.url, bffs);
      await Promise.all(bffs.map((bff) => stopChild(bff.child)));
    } finally {
      await Promise.all([redis.stop(), postgres.stop()]);
    }
  }
});
