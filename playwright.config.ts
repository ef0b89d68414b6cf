import { defineConfig, devices } from '@playwright/test';
import { baseURL, mockApiPort, port } from './e2e/fixtures/ports.ts';

export default defineConfig({
  testDir: './e2e',
  // One shared, stateful simulator: tests reset it, so they run one at a time.
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  // Per port, so runs on other ports (parallel checkouts) do not delete each other's results.
  outputDir: `test-results/${port}`,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
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
    { name: 'setup', testMatch: /auth\.setup\.ts/ },
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'] },
      dependencies: ['setup'],
      testIgnore: /\.setup\.ts/,
    },
  ],
  webServer: {
    command: 'npm start',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      MOCK_API_PORT: String(mockApiPort),
      LOG_LEVEL: 'warn',
    },
  },
});
