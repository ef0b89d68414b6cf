import { expect, test } from './fixtures/test.ts';
import { modelSettled } from './fixtures/inbox-model.ts';

const LOADS = 10;
const LIST_PATH = '/api/v1/agent-conversations';

test('ten inbox loads by one person read no conversation list from the store while the model is ready', async ({
  sim,
  pageAs,
}) => {
  // A teammate's inbox stays open, as on a shift: the feed keeps the model current while one dashboard
  // is open, so the loads below are what one person's reloads cost, not a feed starting from idle.
  const teammate = await pageAs('staff2');
  await teammate.goto('/inbox');
  const page = await pageAs('staff');
  await page.goto('/inbox');
  await modelSettled(page, sim);

  const browserListReads: string[] = [];
  const inboxAnswers: boolean[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === LIST_PATH) browserListReads.push(request.url());
  });
  page.on('response', async (response) => {
    if (new URL(response.url()).pathname !== '/bff/inbox') return;
    const body = (await response.json().catch(() => null)) as { ready?: boolean } | null;
    if (body) inboxAnswers.push(body.ready === true);
  });
  await sim.clearRequests();

  for (let load = 0; load < LOADS; load += 1) {
    await page.reload();
    await expect(
      page.getByRole('list', { name: 'Conversations' }).getByRole('listitem').first(),
    ).toBeVisible();
    // Live: the stream is open, so whatever a load does after it opened has been done too.
    await expect(page.getByText('Live', { exact: true })).toBeVisible();
    await expect(page).toHaveTitle(/^\(\d+\) Inbox/);
  }

  const upstream = await sim.requests();
  const listReads = upstream.filter((entry) => entry.method === 'GET' && entry.path === LIST_PATH);
  // The store feed reads the list for every dashboard at once, paced by time, never per load: its walk
  // (`updated_after`) and its check of the newest page (`limit` alone). Anything else is a dashboard's.
  const perDashboard = listReads.filter((entry) => {
    const query = new URLSearchParams(entry.query);
    const feedWalk = query.has('updated_after');
    const newestPage = [...query.keys()].every((name) => name === 'limit');
    return !feedWalk && !newestPage;
  });
  console.log(
    `${LOADS} loads: ${upstream.length} upstream requests, ${listReads.length} of them list reads, ` +
      `${perDashboard.length} not the feed's; ${browserListReads.length} list reads by the browser, ` +
      `${inboxAnswers.length} inbox answers`,
  );
  expect(perDashboard).toEqual([]);
  expect(browserListReads).toEqual([]);
  expect(inboxAnswers.length).toBeGreaterThanOrEqual(LOADS);
  expect(inboxAnswers.every(Boolean)).toBe(true);
});
