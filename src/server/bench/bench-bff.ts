import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { hashPassword } from '../users/password.ts';
import { runBench, startBenchChild } from './children.ts';
import { writeUsersFileAtomic } from '../users/users-file.ts';

/**
 * npm run bench:bff — what the BFF adds in front of the Commerce API.
 *
 * The simulator and the BFF run as separate child processes (as in production, they do not share an event
 * loop); the BFF runs in real mode against the simulator, with info logging, exactly as `npm start` does.
 * autocannon then drives GET /api/v1/agent-conversations at a fixed concurrency, first directly against the
 * simulator (Bearer key), then through the BFF (session cookie + X-CSRF), each after a warm-up, in
 * alternating rounds. Latencies are recorded per response with sub-millisecond precision (autocannon's own
 * histogram has 1 ms resolution, too coarse for an overhead measured in fractions of a millisecond).
 */
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP_S ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const PATH = '/api/v1/agent-conversations';
const KEY = 'sk_test_demo_owner';
const EMAIL = 'bench@example.com';
const PASSWORD = randomBytes(12).toString('base64url');

/** BENCH_PROFILE=<dir> writes a V8 CPU profile of the BFF process there (open it in Chrome DevTools). */
const PROFILE_DIR = process.env.BENCH_PROFILE;
/** Sent to the BFF only (the simulator never compresses): `br, gzip` measures on-the-fly JSON compression. */
const ACCEPT_ENCODING = process.env.BENCH_ACCEPT_ENCODING;

const startChild = (file: string, env: Record<string, string>, profile = false) =>
  startBenchChild(
    new URL(file, import.meta.url),
    env,
    profile && PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [],
  );

interface Measurement {
  p50: number;
  p99: number;
  mean: number;
  rps: number;
  non2xx: number;
  errors: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function measure(
  url: string,
  headers: Record<string, string>,
  connections = CONNECTIONS,
  duration = DURATION_S,
): Promise<Measurement> {
  await autocannon({ url, headers, connections, duration: WARMUP_S });
  const times: number[] = [];
  const instance = autocannon({ url, headers, connections, duration });
  instance.on('response', (_client, status, _bytes, responseTime) => {
    if (status === 200) times.push(responseTime);
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    mean: times.reduce((sum, t) => sum + t, 0) / times.length,
    rps: times.length / result.duration,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const ms = (value: number) => `${value.toFixed(3)} ms`;
const row = (label: string, m: Measurement) =>
  `${label.padEnd(24)} p50 ${ms(m.p50).padStart(10)}   p99 ${ms(m.p99).padStart(10)}   mean ${ms(m.mean).padStart(10)}   ${m.rps.toFixed(0).padStart(6)} req/s${m.non2xx || m.errors ? `   (non-2xx ${m.non2xx}, errors ${m.errors})` : ''}`;

runBench('bench-bff', async (dir) => {
  const usersFile = join(dir, 'users.json');
  await writeUsersFileAtomic(usersFile, {
    users: [
      {
        email: EMAIL,
        name: 'Bench',
        role: 'owner',
        store_user_id: 'usr_owner',
        password_hash: await hashPassword(PASSWORD),
      },
    ],
  });

  const simulator = await startChild('./simulator-child.ts', {});
  const bff = await startChild(
    './bff-child.ts',
    {
      PORT: '0',
      COMMERCE_API_BASE_URL: simulator.url,
      COMMERCE_API_KEY: KEY,
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      DASHBOARD_USERS_FILE: usersFile,
      DATA_DIR: join(dir, 'data'),
      LOG_LEVEL: 'info',
    },
    true,
  );

  // The simulator's default rate limits (20000/min) are for dashboards, not load generators.
  const limits = await fetch(`${simulator.url}/__sim/rate-limits`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ limit: 1_000_000_000, window_s: 60 }),
  });
  if (!limits.ok) throw new Error(`could not lift the simulator's rate limits: ${limits.status}`);

  const login = await fetch(`${bff.url}/bff/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf': '1', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;

  const direct = { url: `${simulator.url}${PATH}`, headers: { authorization: `Bearer ${KEY}` } };
  const viaBff = {
    url: `${bff.url}${PATH}`,
    headers: { cookie, 'x-csrf': '1', ...(ACCEPT_ENCODING ? { 'accept-encoding': ACCEPT_ENCODING } : {}) },
  };
  for (const target of [direct, viaBff]) {
    const check = await fetch(target.url, { headers: target.headers });
    if (check.status !== 200) throw new Error(`${target.url} answered ${check.status}`);
  }

  const [load1] = loadavg();
  console.log(
    `Machine: ${availableParallelism()} CPUs, load average ${load1!.toFixed(2)} at start, Node ${process.version}.`,
  );
  if (ACCEPT_ENCODING) console.log(`Accept-Encoding to the BFF: ${ACCEPT_ENCODING}`);
  console.log(
    `GET ${PATH}: ${CONNECTIONS} connections, ${WARMUP_S} s warm-up + ${DURATION_S} s measured per run, ${ROUNDS} rounds`,
  );
  const directRuns: Measurement[] = [];
  const bffRuns: Measurement[] = [];
  for (let round = 1; round <= ROUNDS; round += 1) {
    const d = await measure(direct.url, direct.headers);
    directRuns.push(d);
    console.log(row(`round ${round} direct`, d));
    const b = await measure(viaBff.url, viaBff.headers);
    bffRuns.push(b);
    console.log(row(`round ${round} through BFF`, b));
  }
  const summary = (runs: Measurement[]): Measurement => ({
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    mean: median(runs.map((r) => r.mean)),
    rps: median(runs.map((r) => r.rps)),
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
    errors: runs.reduce((sum, r) => sum + r.errors, 0),
  });
  const d = summary(directRuns);
  const b = summary(bffRuns);
  const addedP50 = b.p50 - d.p50;
  const kept = b.rps / d.rps;
  console.log('');
  console.log(row('direct (median)', d));
  console.log(row('through BFF (median)', b));
  console.log('');
  console.log(
    `BFF adds ${ms(addedP50)} at p50 and ${ms(b.p99 - d.p99)} at p99; keeps ${(kept * 100).toFixed(1)}% of the direct throughput.`,
  );
  console.log(
    `Target at ${CONNECTIONS} connections (adds < 1 ms at p50, keeps >= 50% of throughput): ${addedP50 < 1 && kept >= 0.5 ? 'met' : 'MISSED'}.`,
  );

  // Same requests one at a time: the hop's own latency, without the queueing that saturating a small
  // machine's CPUs (load generator + BFF + simulator) adds at higher concurrency.
  const single = Math.max(3, Math.round(DURATION_S / 2));
  console.log('');
  console.log(`Unloaded latency: 1 connection, ${WARMUP_S} s warm-up + ${single} s measured`);
  const d1 = await measure(direct.url, direct.headers, 1, single);
  console.log(row('direct', d1));
  const b1 = await measure(viaBff.url, viaBff.headers, 1, single);
  console.log(row('through BFF', b1));
  console.log(
    `BFF adds ${ms(b1.p50 - d1.p50)} at p50 and ${ms(b1.p99 - d1.p99)} at p99 with one connection.`,
  );
});
