import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './e2e/fixtures/chromium-path.ts';
import { laneStack, mainStack, port, type Stack } from './e2e/fixtures/ports.ts';

/**
 * The specs of each lane after the main one, which runs every other spec (a new one included). Each lane
 * has its own app + BFF + simulator and runs beside the others; the lists are chosen so the lanes take
 * about as long (docs/performance.md, "Test suite"). The specs that start servers of their own (replicas,
 * history, the inbox's restart, the team on two replicas) are spread over the lanes.
 */
const SIDE_LANES: RegExp[][] = [
  [
    /a11y\.spec\.ts/,
    /live-hub\.spec\.ts/,
    /config\.spec\.ts/,
    /history\.spec\.ts/,
    /replicas\.spec\.ts/,
    /knowledge-texts\.spec\.ts/,
    /first-load\.spec\.ts/,
  ],
  [
    /a11y-phone\.spec\.ts/,
    /reports\.spec\.ts/,
    /knowledge\.spec\.ts/,
    /inbox-shift\.spec\.ts/,
    /transcript\.spec\.ts/,
    /auto-assign\.spec\.ts/,
    /security\.spec\.ts/,
    /user-menu\.spec\.ts/,
    /row-menu\.spec\.ts/,
    /snooze\.spec\.ts/,
    /saved-replies\.spec\.ts/,
  ],
];
// E2E_ONE_STACK=1 runs every spec on the main stack alone: a few specs, one app + BFF + simulator.
const LANES = process.env.E2E_ONE_STACK ? [] : SIDE_LANES;
const SETUP = /auth\.setup\.ts/;

/** The app + BFF + simulator a lane runs against, built and started as `npm start` does. */
type WebServer = Exclude<PlaywrightTestConfig['webServer'], unknown[] | undefined>;

function webServerFor(stack: Stack): WebServer {
  return {
    command: 'npm start',
    url: `${stack.baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: process.env.E2E_LOG_LEVEL ? 'pipe' : 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(stack.port),
      MOCK_API_PORT: String(stack.mockApiPort),
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    },
  };
}

export default defineConfig<{ stack: Stack }>({
  testDir: './e2e',
  // Each lane has one stateful simulator that its tests reset, so a lane runs one test at a time; the
  // lanes run side by side.
  fullyParallel: false,
  workers: LANES.length + 1,
  forbidOnly: true,
  // Per port, so runs on other ports (parallel checkouts) do not delete each other's results.
  outputDir: `test-results/${port}`,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: mainStack.baseURL,
    // A failed test keeps its trace (actions, DOM snapshots, network) but no screencast: recording one
    // for every test kept the browsers' compositors drawing frames, the run's largest CPU cost.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    { name: 'setup', testMatch: SETUP },
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'] },
      dependencies: ['setup'],
      testIgnore: [SETUP, ...LANES.flat()],
      workers: 1,
    },
    ...LANES.flatMap((specs, index) => {
      const lane = index + 1;
      const stack = laneStack(lane);
      return [
        { name: `setup ${lane}`, testMatch: SETUP, use: { baseURL: stack.baseURL, stack } },
        {
          name: `chromium ${lane}`,
          use: { ...devices['Desktop Chrome'], baseURL: stack.baseURL, stack },
          dependencies: [`setup ${lane}`],
          testMatch: specs,
          workers: 1,
        },
      ];
    }),
  ],
  // Started one after the other: the first builds what the others then find up to date.
  webServer: [mainStack, ...LANES.map((_, index) => laneStack(index + 1))].map(webServerFor),
});
