import { loadavg } from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Flags } from 'lighthouse';
import { startDashboard, waitUntilUp } from './dashboard-process.ts';

/**
 * npm run bench:lighthouse — Lighthouse (the npm package) on the same Chromium the e2e suite uses.
 *
 * Starts the dashboard as `npm start` does (demo mode: BFF + simulator, built into its own DIST_DIR), then
 * audits the sign-in page and, signed in as the demo owner, the inbox, each with the mobile preset
 * (Lighthouse's default: a mid-range phone, slow 4G, 4x CPU slowdown) and the desktop preset. Prints the
 * category scores and FCP / LCP / TBT / CLS. Prints numbers; asserts nothing: the machine's load changes
 * them, so say what `uptime` showed next to any figure you quote.
 */
const PORT = Number(process.env.BENCH_PORT ?? 8195);
const MOCK_API_PORT = Number(process.env.BENCH_MOCK_API_PORT ?? 4195);
const DIST_DIR = process.env.DIST_DIR ?? '.tmp/dist-lighthouse';
const CHROME_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BASE = `http://127.0.0.1:${PORT}`;

/** Signs the demo owner in through the BFF and returns the Cookie header to send. */
async function signIn(): Promise<string> {
  const response = await fetch(`${BASE}/bff/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-CSRF': '1', Origin: BASE },
    body: JSON.stringify({ email: 'owner@example.com', password: 'owner-demo-pass' }),
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

async function main() {
  const load = () =>
    loadavg()
      .map((value) => value.toFixed(2))
      .join(' ');
  process.stdout.write(`Node ${process.version}; load average (1/5/15 min) at start: ${load()}\n`);
  const dashboard = startDashboard({ port: PORT, mockApiPort: MOCK_API_PORT, distDir: DIST_DIR });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    await waitUntilUp(dashboard, BASE);
    const cookie = await signIn();
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
    chrome?.kill();
    dashboard.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:lighthouse failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
