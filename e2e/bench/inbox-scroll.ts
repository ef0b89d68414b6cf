import { chromium } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../src/schemas/demo-accounts.ts';
import { startDashboard, waitUntilUp } from './dashboard-process.ts';

/**
 * npm run bench:inbox — how the inbox list holds up with 10,000 conversations.
 *
 * Starts the dashboard in demo mode (BFF + simulator, as `npm start` does), seeds BENCH_CONVERSATIONS
 * conversations through the simulator's control plane (POST /__sim/shopper-messages, a bounded number in
 * flight: there is no bulk seeding route), signs in in Chromium, opens "All active" and scrolls the whole
 * list to its end, reading pages as it goes. Prints the requestAnimationFrame deltas while scrolling
 * (percentiles) and the largest number of rows ever in the DOM. Prints numbers; asserts nothing.
 *
 * Chromium runs with vsync and the frame-rate cap off, so a frame delta is the time the page needed for that
 * frame rather than the display's 16.7 ms refresh.
 */
const COUNT = Number(process.env.BENCH_CONVERSATIONS ?? 10_000);
const PORT = Number(process.env.BENCH_PORT ?? 8191);
const MOCK_API_PORT = Number(process.env.BENCH_MOCK_API_PORT ?? 4191);
const DIST_DIR = process.env.DIST_DIR ?? '.tmp/dist-bench';
/** Pixels scrolled per frame: a brisk fling (about 20,000 px/s at 60 frames per second). */
const STEP_PX = Number(process.env.BENCH_STEP_PX ?? 350);
const IN_FLIGHT = 16;
const BASE = `http://127.0.0.1:${PORT}`;
const SIMULATOR = `http://127.0.0.1:${MOCK_API_PORT}`;

const CHANNELS = ['website', 'messaging_a', 'messaging_b'] as const;

async function seed(): Promise<number> {
  const started = performance.now();
  const reset = await fetch(`${SIMULATOR}/__sim/reset`, { method: 'POST' });
  if (reset.status !== 204) throw new Error(`reset answered ${reset.status}`);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < COUNT; index = next++) {
      const response = await fetch(`${SIMULATOR}/__sim/shopper-messages`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          channel: CHANNELS[index % CHANNELS.length],
          display_name: index % 5 === 0 ? null : `Bench shopper ${index}`,
          email: index % 3 === 0 ? `bench${index}@example.com` : null,
          content: 'Do you have this in a medium?',
          escalate: index % 4 === 0,
        }),
      });
      if (response.status !== 201)
        throw new Error(`seeding answered ${response.status}: ${await response.text()}`);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return performance.now() - started;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

type ScrollResult = {
  deltas: number[];
  maxRows: number;
  rowsLoaded: number;
  scrollHeight: number;
  ms: number;
};

async function main() {
  const child = startDashboard({ port: PORT, mockApiPort: MOCK_API_PORT, distDir: DIST_DIR });
  const stop = () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  };
  process.on('exit', stop);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      stop();
      process.exit(130);
    });
  }
  try {
    await waitUntilUp(child, BASE);
    const seedMs = await seed();
    console.log(`Seeded ${COUNT} conversations in ${(seedMs / 1000).toFixed(1)} s.`);

    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--disable-gpu',
        '--disable-quic',
        '--disable-gpu-vsync',
        '--disable-frame-rate-limit',
        '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1, EXCLUDE localhost',
      ],
    });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    // tsx keeps function names with a `__name` helper that does not exist inside the page.
    await page.addInitScript({ content: 'window.__name = (fn) => fn;' });
    await page.goto(`${BASE}/sign-in`);
    await page.getByLabel('Email').fill(DEMO_ACCOUNTS.owner.email);
    await page.getByLabel('Password').fill(DEMO_ACCOUNTS.owner.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/inbox/);
    await page.goto(`${BASE}/inbox?status=active`);
    const list = page.getByRole('list', { name: 'Conversations' });
    await list.getByRole('listitem').first().waitFor();

    const result = await page.evaluate(async (step): Promise<ScrollResult> => {
      const list = document.querySelector('[role="list"][aria-label="Conversations"]')!;
      const scroller = list.parentElement!;
      const deltas: number[] = [];
      let maxRows = 0;
      let last = performance.now();
      const started = last;
      // Only frames that follow a scroll count: while the next page is on the wire the list cannot move,
      // and those idle frames would flatter the percentiles.
      let moved = false;
      const moreToLoad = () =>
        list.getAttribute('aria-busy') === 'true' || list.querySelector('[aria-setsize="-1"]') !== null;
      return new Promise((resolve) => {
        const frame = (now: number) => {
          if (moved) deltas.push(now - last);
          last = now;
          maxRows = Math.max(maxRows, list.querySelectorAll('[role="listitem"]').length);
          const atEnd = scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1;
          if (atEnd && !moreToLoad()) {
            resolve({
              deltas,
              maxRows,
              rowsLoaded: Number(list.querySelector('[role="listitem"]')?.getAttribute('aria-setsize') ?? 0),
              scrollHeight: scroller.scrollHeight,
              ms: now - started,
            });
            return;
          }
          const before = scroller.scrollTop;
          scroller.scrollTop += step;
          moved = scroller.scrollTop !== before;
          requestAnimationFrame(frame);
        };
        requestAnimationFrame((now) => {
          last = now;
          requestAnimationFrame(frame);
        });
      });
    }, STEP_PX);
    await browser.close();

    const sorted = [...result.deltas].sort((a, b) => a - b);
    const format = (ms: number) => `${ms.toFixed(1)} ms`;
    console.log(
      `Scrolled ${result.rowsLoaded} rows (${result.scrollHeight} px) in ${(result.ms / 1000).toFixed(1)} s; ${result.deltas.length} frames moved the list.`,
    );
    console.log(
      `Frame time: p50 ${format(percentile(sorted, 50))}, p95 ${format(percentile(sorted, 95))}, p99 ${format(percentile(sorted, 99))}, max ${format(sorted.at(-1) ?? Number.NaN)}`,
    );
    console.log(`Frames over 16 ms: ${sorted.filter((delta) => delta > 16).length} of ${sorted.length}.`);
    console.log(`Most rows in the DOM at once: ${result.maxRows}.`);
  } finally {
    stop();
  }
}

await main();
