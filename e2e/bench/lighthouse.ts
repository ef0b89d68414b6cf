import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Flags } from 'lighthouse';
import { DEMO_ACCOUNTS } from '../../src/schemas/demo-accounts.ts';
import { openLiveClient, type LiveClient } from '../../src/server/bench/live-clients.ts';
import { startDashboard, waitUntilUp } from './dashboard-process.ts';

/**
 * npm run bench:lighthouse — Lighthouse (the npm package) on the same Chromium the e2e suite uses.
 *
 * Starts the dashboard as `npm start` does (demo mode: BFF + simulator, built into its own DIST_DIR),
 * opens a teammate's live stream and waits for the read model (openTeammateStream), then audits the
 * sign-in page and, signed in as the demo owner, the inbox and the reports, each with the mobile preset (Lighthouse's
 * default: a mid-range phone, slow 4G, 4x CPU slowdown) and the desktop preset. Prints the category
 * scores and FCP / LCP / TBT / CLS. Prints numbers; asserts nothing: the machine's load changes them, so
 * say what `uptime` showed next to any figure you quote. LIGHTHOUSE_REPORTS=<dir> also writes
 * each audit's full report there.
 */
const PORT = Number(process.env.BENCH_PORT ?? 8195);
const MOCK_API_PORT = Number(process.env.BENCH_MOCK_API_PORT ?? 4195);
const DIST_DIR = process.env.DIST_DIR ?? '.tmp/dist-lighthouse';
const CHROME_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BASE = `http://127.0.0.1:${PORT}`;
/** Where to write each audit's full report (JSON), to read what held a score down; unset: none. */
const REPORTS_DIR = process.env.LIGHTHOUSE_REPORTS;

/** Signs the demo owner in through the BFF and returns the Cookie header to send. */
async function signIn(): Promise<string> {
  const response = await fetch(`${BASE}/bff/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-CSRF': '1', Origin: BASE },
    body: JSON.stringify({ email: DEMO_ACCOUNTS.owner.email, password: DEMO_ACCOUNTS.owner.password }),
  });
  if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
  const cookie = response.headers.getSetCookie()[0];
  if (!cookie) throw new Error('sign-in set no cookie');
  return cookie.split(';')[0]!;
}

type Row = {
  page: string;
  preset: string;
  performance: number;
  accessibility: number;
  'best-practices': number;
  FCP: string;
  LCP: string;
  TBT: string;
  CLS: string;
};

async function audit(port: number, url: string, preset: 'mobile' | 'desktop', cookie?: string) {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  };
  const config: Config | undefined = preset === 'desktop' ? desktopConfig : undefined;
  const result = await lighthouse(url, flags, config);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  if (REPORTS_DIR) {
    mkdirSync(REPORTS_DIR, { recursive: true });
    const name = `${new URL(url).pathname.replace(/\W+/g, '') || 'root'}-${preset}.json`;
    writeFileSync(join(REPORTS_DIR, name), JSON.stringify(result.lhr, null, 1));
  }
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const ms = (id: string) => `${Math.round(audits[id]?.numericValue ?? NaN)} ms`;
  const failing = Object.values(audits)
    .filter(
      (item) =>
        item.score !== null &&
        item.score < 1 &&
        ['binary', 'numeric', 'metricSavings'].includes(item.scoreDisplayMode),
    )
    .map((item) => item.id);
  return {
    row: {
      page: new URL(url).pathname,
      preset,
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      FCP: ms('first-contentful-paint'),
      LCP: ms('largest-contentful-paint'),
      TBT: ms('total-blocking-time'),
      CLS: (audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3),
    } satisfies Row,
    failing,
  };
}

/**
 * The read model as a team usually finds it: current, because some dashboard is open (the reader runs
 * while any live stream does). This opens one stream, as a teammate's dashboard would, waits for the
 * model to be ready (on a fresh BFF that is its first pass over the store, seconds at the API's rate
 * limit, printed) and keeps the stream open through the audits; the caller closes it. Without it the
 * inbox audits would measure the first dashboard of the day: the list from the API first, laid again
 * from the model once the reader has caught up.
 */
async function openTeammateStream(cookie: string): Promise<LiveClient> {
  const started = performance.now();
  const stream = openLiveClient(BASE, cookie, (message) => process.stderr.write(`${message}\n`));
  for (;;) {
    const response = await fetch(`${BASE}/bff/inbox?limit=1`, { headers: { Cookie: cookie, 'X-CSRF': '1' } });
    const body = (await response.json()) as { ready?: boolean };
    if (body.ready) break;
    if (performance.now() - started > 60_000) {
      stream.close();
      throw new Error('the read model was not ready within 60 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  process.stdout.write(`read model ready after ${Math.round(performance.now() - started)} ms\n`);
  return stream;
}

async function main() {
  const load = () =>
    loadavg()
      .map((value) => value.toFixed(2))
      .join(' ');
  process.stdout.write(`Node ${process.version}; load average (1/5/15 min) at start: ${load()}\n`);
  const dashboard = startDashboard({ port: PORT, mockApiPort: MOCK_API_PORT, distDir: DIST_DIR });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  let teammate: LiveClient | undefined;
  try {
    await waitUntilUp(dashboard, BASE);
    const cookie = await signIn();
    teammate = await openTeammateStream(cookie);
    chrome = await chromeLauncher.launch({
      chromePath: CHROME_PATH,
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-sync',
        '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1, EXCLUDE localhost',
      ],
    });
    const rows: Row[] = [];
    for (const [path, withCookie] of [
      ['/sign-in', false],
      ['/inbox', true],
      ['/reports', true],
    ] as const) {
      for (const preset of ['mobile', 'desktop'] as const) {
        const { row, failing } = await audit(
          chrome.port,
          `${BASE}${path}`,
          preset,
          withCookie ? cookie : undefined,
        );
        rows.push(row);
        if (failing.length > 0)
          process.stdout.write(`${path} ${preset}: below full marks: ${failing.join(', ')}\n`);
      }
    }
    console.table(rows);
    process.stdout.write(`load average at end: ${load()}\n`);
  } finally {
    teammate?.close();
    chrome?.kill();
    dashboard.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:lighthouse failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
