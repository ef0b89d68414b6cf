import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startSimulatorServer, type SimulatorServer } from '../mocks/http-server.ts';
import { DEMO_ACCOUNTS } from '../src/schemas/demo-accounts.ts';
import { freePort } from '../src/server/testing/test-redis.ts';
import { realModeEnv, replicaProcess, type ReplicaProcess } from './fixtures/replicas.ts';
import type { LoggedRequest } from './fixtures/simulator.ts';

// One BFF in real mode on a data directory, no Redis. Its first start is useful in stages: lists and
// counts as soon as the store is listed, previews filled in meanwhile. After a restart the inbox is served
// from the model it kept in its database, previews and waiting times included, without listing the store
// again.

const rows = (page: Page) => page.getByRole('list', { name: 'Conversations' }).getByRole('listitem');
const NEEDS_PERSON = '/inbox?status=active&handoff_state=human';

let simulator: SimulatorServer;
let bff: ReplicaProcess;
let dir: string;
test.beforeAll(async () => {
  simulator = await startSimulatorServer({ port: 0 });
  // More than a page of conversations: a listing of the store shows as pages with a cursor.
  const seeded = await fetch(`${simulator.url}/__sim/conversations/bulk`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ count: 240 }),
  });
  expect(seeded.status).toBe(201);
  // A store limit that spreads the first pass's transcript reads over some twenty seconds.
  const limited = await fetch(`${simulator.url}/__sim/rate-limits`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ limit: 600, window_s: 60 }),
  });
  expect(limited.status).toBe(200);
  dir = mkdtempSync(join(tmpdir(), 'e2e-inbox-restart-'));
  bff = replicaProcess(await freePort(), {
    ...(await realModeEnv(dir, simulator.url)),
    DATA_DIR: join(dir, 'data'),
  });
  await bff.start();
});
test.afterAll(async () => {
  await bff?.kill();
  await simulator?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function signIn(page: Page) {
  await page.goto(`${bff.url}/sign-in`);
  await page.getByLabel('Email').fill(DEMO_ACCOUNTS.staff.email);
  await page.getByLabel('Password').fill(DEMO_ACCOUNTS.staff.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/sign-in/);
}

/** The first conversation of the view as the model serves it (name and preview), once it is ready. */
async function firstServed(page: Page) {
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`${bff.url}/bff/inbox?status=active&handoff_state=human`, {
          headers: { 'x-csrf': '1' },
        });
        return ((await response.json()) as { ready: boolean }).ready;
      },
      { timeout: 90_000 },
    )
    .toBe(true);
  const response = await page.request.get(`${bff.url}/bff/inbox?status=active&handoff_state=human`, {
    headers: { 'x-csrf': '1' },
  });
  const { data } = (await response.json()) as {
    data: { conversation: { display_name: string | null }; last_message: { preview: string } | null }[];
  };
  const row = data.find((r) => r.conversation.display_name !== null && r.last_message !== null)!;
  return { name: row.conversation.display_name!, preview: row.last_message!.preview };
}

test('a first start lists and counts before every preview is read; after a restart the inbox shows previews and waiting times from the kept model, without listing the store', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page);
  await page.goto(`${bff.url}${NEEDS_PERSON}`);
  const progress = page.getByText(/^Previews for [\d,]+ of [\d,]+ active conversations$/);
  await expect(progress).toBeVisible({ timeout: 60_000 });
  // The counts are there already.
  await expect(page.getByRole('link', { name: 'Needs a person' })).toHaveAccessibleDescription(/^\d+ /);
  const served = await firstServed(page);
  const row = rows(page).filter({ hasText: served.name }).filter({ hasText: served.preview }).first();
  await expect(row).toContainText(/Waiting \d+/);
  await expect(progress).toBeHidden({ timeout: 15_000 });

  await bff.stop();
  expect((await fetch(`${simulator.url}/__sim/requests`, { method: 'DELETE' })).status).toBe(204);
  await bff.start();
  // Sessions live in the process without Redis: sign in again.
  await signIn(page);
  await page.goto(`${bff.url}${NEEDS_PERSON}`);
  await expect(row).toContainText(/Waiting \d+/);

  const { data: log } = (await (await fetch(`${simulator.url}/__sim/requests`)).json()) as {
    data: LoggedRequest[];
  };
  const listingPages = log.filter((entry) => {
    const query = new URLSearchParams(entry.query);
    return entry.path === '/api/v1/agent-conversations' && !query.has('updated_after') && query.has('after');
  });
  expect(listingPages).toEqual([]);
});
