import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';
import { mainStack, port, sideStack, type Stack } from './e2e/fixtures/ports.ts';

/**
 * Specs that run in the side lane, against their own app + BFF + simulator, beside the main lane. Chosen
 * so the two lanes take about as long (docs/performance.md, "Test suite"), with the specs that start
 * servers of their own (replicas, history) here. Every other spec, a new one included, runs in the main
 * lane.
 */
const SIDE_LANE = [
  /live-hub\.spec\.ts/,
  /replicas\.spec\.ts/,
  /history\.spec\.ts/,
  /config\.spec\.ts/,
  /a11y\.spec\.ts/,
  /a11y-phone\.spec\.ts/,
  /knowledge\.spec\.ts/,
  /knowledge-texts\.spec\.ts/,
  /reports\.spec\.ts/,
];
const SETUP = /auth\.setup\.ts/;

/** The app + BFF + simulator a lane runs against, built and started as `npm start` does. */
type WebServer = Exclude<PlaywrightTestConfig['webServer'], unknown[] | undefined>;

function webServerFor(stack: Stack): WebServer {
  return {
    command: 'npm start',
    url: `${stack.baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(stack.port),
      MOCK_API_PORT: String(stack.mockApiPort),
      LOG_LEVEL: 'warn',
    },
  };
}

export default defineConfig<{ stack: Stack }>({
  testDir: './e2e',
  // Each lane has one stateful simulator that its tests reset, so a lane runs one test at a time; the two
  // lanes run side by side.
  fullyParallel: false,
  workers: 2,
  forbidOnly: true,
  // Per port, so runs on other ports (parallel checkouts) do not delete each other's results.
  outputDir: `test-results/${port}`,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: mainStack.baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--disable-sync',
        '--disable-quic',
        '--disable-gpu',
        // Stops Chromium's background lookups of outside hosts: this machine has no network.
        '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1, EXCLUDE localhost',
      ],
    },
  },
  projects: [
    { name: 'setup', testMatch: SETUP },
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'] },
      dependencies: ['setup'],
      testIgnore: [SETUP, ...SIDE_LANE],
      workers: 1,
    },
    { name: 'setup side', testMatch: SETUP, use: { baseURL: sideStack.baseURL, stack: sideStack } },
    {
      name: 'chromium side',
      use: { ...devices['Desktop Chrome'], baseURL: sideStack.baseURL, stack: sideStack },
      dependencies: ['setup side'],
      testMatch: SIDE_LANE,
      workers: 1,
    },
  ],
  // Started one after the other: the first builds what the second then finds up to date.
  webServer: [webServerFor(mainStack), webServerFor(sideStack)],
});
