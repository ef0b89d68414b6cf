import { expect, test, type Browser, type Page } from '@playwright/test';
import type { LoggedRequest } from './fixtures/simulator.ts';
import { startCluster, tookLease, type Cluster, type ReplicaProcess } from './fixtures/replicas.ts';
import { DEMO_ACCOUNTS } from '../src/schemas/demo-accounts.ts';

// Two BFF replicas on one Redis, one Postgres and one simulator.

const conversations = (page: Page) => page.getByRole('list', { name: 'Conversations' });
const row = (page: Page, name: string) => conversations(page).getByRole('listitem').filter({ hasText: name });
const liveIndicator = (page: Page) => page.getByText('Live', { exact: true });

let cluster: Cluster;
test.beforeAll(async () => {
  cluster = await startCluster();
});
test.afterAll(async () => {
  await cluster?.stop();
});
test.describe.configure({ mode: 'serial' });

async function signInOn(
  browser: Browser,
  replica: ReplicaProcess,
  account: keyof typeof DEMO_ACCOUNTS = 'staff',
) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${replica.url}/sign-in`);
  await page.getByLabel('Email').fill(DEMO_ACCOUNTS[account].email);
  await page.getByLabel('Password').fill(DEMO_ACCOUNTS[account].password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/sign-in/);
  return { context, page };
}

async function openInbox(page: Page, replica: ReplicaProcess) {
  // Newest activity first: once the read model serves the list (on both replicas), "longest waiting" puts
  // a new handoff last, below what a virtualized list renders.
  await page.goto(`${replica.url}/inbox?status=active&handoff_state=human&sort=newest`);
  await expect(conversations(page).getByRole('listitem').first()).toBeVisible();
  await expect(liveIndicator(page)).toBeVisible();
}

async function escalate(displayName: string) {
  const response = await fetch(`${cluster.simulator.url}/__sim/shopper-messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ display_name: displayName, content: 'I need a person, please.', escalate: true }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { data: { conversation: { updated_at: string } } }).data.conversation;
}

async function walksBringing(written: string) {
  const log = (
    (await (await fetch(`${cluster.simulator.url}/__sim/requests`)).json()) as { data: LoggedRequest[] }
  ).data;
  const at = Date.parse(written);
  // First pages of updated_after walks that began after the write from a watermark before it.
  return log
    .filter((entry) => entry.path === '/api/v1/agent-conversations' && entry.status === 200)
    .map((entry) => ({ at: Date.parse(entry.at), params: new URLSearchParams(entry.query) }))
    .filter(({ params }) => params.has('updated_after') && !params.has('after'))
    .filter(({ at: started, params }) => started >= at && Date.parse(params.get('updated_after')!) < at);
}

test('two replicas: signed in through A, B serves the same person; one reader brings an escalation to both; the other takes over when the reader dies; a restart keeps the session', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const [a, b] = cluster.replicas;
  const { context, page: onA } = await signInOn(browser, a);
  // Same browser (cookies are per host, not per port): every request now goes through replica B.
  const onB = await context.newPage();
  await openInbox(onA, a);
  // A teammate's dashboard stays open on A: reloading the pages below then never leaves A without a
  // stream, which would stop its feed and hand the reading to B (by design, but not what this counts).
  const teammate = await signInOn(browser, a, 'staff2');
  await openInbox(teammate.page, a);
  await openInbox(onB, b);
  await expect(onB.getByRole('button', { name: /Sam Rivera, Staff: account menu/ })).toBeVisible();

  // A handoff is one the BFF saw happen: wait until the reader has listed the store (its read model is
  // ready), so that this escalation is a change to a known conversation list, not part of the listing;
  // both pages then start from the ready model.
  await expect
    .poll(
      async () => {
        const response = await onA.request.get(`${a.url}/bff/inbox?limit=1`, { headers: { 'X-CSRF': '1' } });
        return ((await response.json()) as { ready: boolean }).ready;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await openInbox(onA, a);
  await openInbox(onB, b);
  const first = await escalate('Replica Shopper One');
  await expect(row(onA, 'Replica Shopper One')).toContainText('New handoff');
  await expect(row(onB, 'Replica Shopper One')).toContainText('New handoff');
  // B lists from the same read model (shared through Redis): the wait is known there too.
  await expect(row(onA, 'Replica Shopper One')).toContainText(/Waiting \d+ minutes?/, { timeout: 30_000 });
  await expect(row(onB, 'Replica Shopper One')).toContainText(/Waiting \d+ minutes?/);
  // One reader for both replicas: one walk brought the change.
  expect(await walksBringing(first.updated_at)).toHaveLength(1);
  await expect.poll(() => [a, b].filter(tookLease).length).toBe(1);

  // The reading replica dies without releasing its lease; the other takes it and keeps pages live.
  const [reader, other] = tookLease(a) ? [a, b] : [b, a];
  const otherPage = other === a ? onA : onB;
  await reader.kill();
  await escalate('Replica Shopper Two');
  await expect(row(otherPage, 'Replica Shopper Two')).toContainText('New handoff', { timeout: 10_000 });
  expect(tookLease(other)).toBe(true);

  // The dead replica comes back: the person is still signed in there.
  await reader.start();
  const readerPage = reader === a ? onA : onB;
  await openInbox(readerPage, reader);
  await expect(readerPage).not.toHaveURL(/sign-in/);
  await expect(row(readerPage, 'Replica Shopper Two')).toBeVisible();
  await context.close();
  await teammate.context.close();
});

test('an endpoint an owner looked up by id on one replica is listed after a reload, with its label, for another owner on the other', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  const [a, b] = cluster.replicas;
  const { context: ownerContext, page: owner } = await signInOn(browser, a, 'owner');
  const write = { 'X-CSRF': '1', Origin: a.url };
  // A second owner: the owner makes Alex Kim one through the team's routes (and makes them staff again
  // at the end, whatever happens, with the label cleared: the cluster's database outlives this test).
  const team = await owner.request.get(`${a.url}/bff/team`, { headers: { 'X-CSRF': '1' } });
  const people = ((await team.json()) as { data: { people: { id: string; email: string | null }[] } }).data
    .people;
  const alex = people.find((person) => person.email === DEMO_ACCOUNTS.staff2.email)!;
  const roleOfAlex = (role: 'owner' | 'staff') =>
    owner.request.put(`${a.url}/bff/team/people/${alex.id}/role`, { headers: write, data: { role } });
  try {
    expect((await roleOfAlex('owner')).status()).toBe(204);

    await owner.goto(`${a.url}/integrations`);
    await owner.getByLabel('Endpoint id').fill('we_demo_orders');
    await owner.getByRole('button', { name: 'Look up' }).click();
    const entry = (page: Page, name: string) =>
      page.getByRole('list', { name: 'Integrations the dashboard knows' }).getByRole('listitem', { name });
    await entry(owner, 'we_demo_orders').getByRole('button', { name: 'Label and note…' }).click();
    await owner.getByLabel('Label', { exact: true }).fill('Order sync');
    await owner.getByRole('button', { name: 'Save label' }).click();
    await expect(entry(owner, 'Order sync')).toBeVisible();

    // Alex, an owner now, on the other replica (which reads the team's change from the database).
    const { context, page: other } = await signInOn(browser, b, 'staff2');
    await other.goto(`${b.url}/integrations`);
    await other.reload();
    await expect(entry(other, 'Order sync')).toContainText('we_demo_orders');
    await expect(entry(other, 'Order sync')).toContainText('Active');
    await context.close();
  } finally {
    await owner.request.patch(`${a.url}/bff/integrations/webhook_endpoint/we_demo_orders`, {
      headers: write,
      data: { label: '', note: '' },
    });
    expect((await roleOfAlex('staff')).status()).toBe(204);
    await ownerContext.close();
  }
});
