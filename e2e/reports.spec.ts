import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { startSimulatorServer, type SimulatorServer } from '../mocks/http-server.ts';
import type { Conversation } from '../src/schemas/conversation.ts';
import type { Report } from '../src/schemas/reports.ts';
import { freePort } from '../src/server/testing/test-redis.ts';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { realModeEnv, replicaProcess, type ReplicaProcess } from './fixtures/replicas.ts';
import type { AccountName } from './fixtures/accounts.ts';
import { expect, signIn, test } from './fixtures/test.ts';

// The owner's reports, on a dashboard server of its own (its database then holds this store only): the
// figures of the seeded store, a period switch, the CSV, and staff kept out.

const QUESTION = 'Can I return the Fjell jacket after 40 days?';
const DAY = 86_400_000;

let simulator: SimulatorServer;
let bff: ReplicaProcess;
let dir: string;

test.beforeAll(async () => {
  simulator = await startSimulatorServer({ port: 0 });
  dir = mkdtempSync(join(tmpdir(), 'e2e-reports-'));
  bff = replicaProcess(await freePort(), {
    ...(await realModeEnv(dir, simulator.url)),
    DATA_DIR: join(dir, 'data'),
    STORE_TIME_ZONE: 'UTC',
  });
  await bff.start();
});

test.afterAll(async () => {
  await bff?.kill();
  await simulator?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function open(browser: Browser, account: AccountName, path: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: bff.url });
  const page = await context.newPage();
  await page.goto(path);
  await signIn(page, account);
  return page;
}

/** Every conversation of the store, as its API lists them. */
async function storeConversations(): Promise<Conversation[]> {
  const all: Conversation[] = [];
  let after = '';
  for (;;) {
    const response = await fetch(`${simulator.url}/api/v1/agent-conversations?limit=100${after}`, {
      headers: { authorization: 'Bearer sk_test_demo_owner' },
    });
    const page = (await response.json()) as {
      data: Conversation[];
      page: { has_more: boolean; next_cursor?: string };
    };
    all.push(...page.data);
    if (!page.page.has_more || !page.page.next_cursor) return all;
    after = `&after=${encodeURIComponent(page.page.next_cursor)}`;
  }
}

/**
 * Whether a conversation went to a person, as its transcript proves for one the dashboard did not watch:
 * with a person now, or a staff reply (an assistant message with an author) in its first 100 messages.
 */
async function handedToPerson(conversation: Conversation): Promise<boolean> {
  if (conversation.handoff_state === 'human') return true;
  const response = await fetch(
    `${simulator.url}/api/v1/agent-conversations/${conversation.id}/messages?limit=100`,
    { headers: { authorization: 'Bearer sk_test_demo_owner' } },
  );
  const { data } = (await response.json()) as { data: { role: string; author_user_id: string | null }[] };
  return data.some((message) => message.role === 'assistant' && message.author_user_id !== null);
}

/** The conversations started in the last `days` days (UTC, today included). */
async function startedWithin(days: number): Promise<Conversation[]> {
  const today = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  const start = today - (days - 1) * DAY;
  return (await storeConversations()).filter((conversation) => Date.parse(conversation.created_at) >= start);
}

const reportOf = async (page: Page, period: string) => {
  const response = await page.request.get(`/bff/reports?period=${period}`, { headers: { 'X-CSRF': '1' } });
  return ((await response.json()) as { data: Report }).data;
};

const figure = (page: Page, term: string) =>
  page.getByRole('term').filter({ hasText: term }).locator('xpath=following-sibling::dd[1]');

test("an owner sees the store's figures, switches the period and downloads the period's conversations", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const owner = await open(browser, 'owner', '/reports');
  // The first page of a BFF that has just started (its database created and migrated, its feed's first
  // steps) can take a while on a busy machine.
  await expect(owner.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible({ timeout: 30_000 });

  // A shopper asks for a person (the assistant hands over): the feed sees it happen.
  const written = await fetch(`${simulator.url}/__sim/shopper-messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      display_name: 'Ines Berg',
      channel: 'messaging_b',
      content: QUESTION,
      escalate: true,
    }),
  });
  expect(written.status).toBe(201);
  const { conversation } = ((await written.json()) as { data: { conversation: Conversation } }).data;

  // The dashboard's copy has caught up with the store: the first pass is done and the handoff is in.
  const week = await startedWithin(7);
  const handed = (await Promise.all(week.map(handedToPerson))).filter(Boolean).length;
  await expect
    .poll(
      async () => {
        const report = await reportOf(owner, '7d');
        return [
          report.coverage.complete,
          report.totals.started,
          report.totals.handed_to_person,
          report.asked_before_handoff[0]?.content,
        ];
      },
      { timeout: 45_000 },
    )
    .toEqual([true, week.length, handed, QUESTION]);

  await owner.reload();
  await expect(figure(owner, 'Conversations started')).toHaveText(String(week.length));
  await expect(owner.getByRole('term').filter({ hasText: 'Handed to a person' })).toBeVisible();
  await expect(owner.getByText(`${handed} of ${week.length}`)).toBeVisible();
  await expect(owner.getByText(/Covers all \d+ conversations of the store/)).toBeVisible();
  const asked = owner.getByRole('region', { name: 'What shoppers asked before a handoff' });
  await expect(asked.getByRole('listitem').first()).toContainText(QUESTION);
  await expect(asked.getByRole('link', { name: 'Ines Berg' })).toHaveAttribute(
    'href',
    `/inbox/${conversation.id}`,
  );
  const started = owner.getByRole('region', { name: 'Conversations started, by channel' });
  await started.getByText('Show the numbers').click();
  await expect(started.getByRole('table')).toBeVisible();
  await expectNoAxeViolations(owner, 'reports, last 7 days, numbers shown');

  // From a figure to its conversations: today's handoffs open the inbox listing exactly those.
  const day = new Date().toISOString().slice(0, 10);
  const startedToday = week.filter((item) => item.created_at.startsWith(day));
  const handedTodayFlags = await Promise.all(startedToday.map(handedToPerson));
  const handedToday = startedToday.filter((_, index) => handedTodayFlags[index]).map((item) => item.id);
  const handoffs = owner.getByRole('region', {
    name: 'Handled by the assistant alone, or handed to a person',
  });
  await handoffs.getByText('Show the numbers').click();
  // The period ends today: its last row; the second count is the handed-over one.
  await handoffs
    .getByRole('row')
    .last()
    .getByRole('cell')
    .nth(1)
    .getByRole('link', { name: String(handedToday.length) })
    .click();
  await expect(owner).toHaveURL(`/inbox?status=any&report=handed&report_from=${day}&report_to=${day}`);
  const dayName = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  await expect(
    owner.getByText(`Handoffs on ${dayName.format(Date.parse(day))} · from Reports`),
  ).toBeVisible();
  const listed = () =>
    owner
      .getByRole('list', { name: 'Conversations' })
      .locator('a[href^="/inbox/"]')
      .evaluateAll((links) => [
        ...new Set(links.map((link) => link.getAttribute('href')!.split('?')[0]!.slice('/inbox/'.length))),
      ]);
  await expect.poll(async () => (await listed()).sort()).toEqual(handedToday.sort());
  await expectNoAxeViolations(owner, 'inbox, the handoffs of one day from the reports');
  await owner.goBack();
  await expect(figure(owner, 'Conversations started')).toHaveText(String(week.length));

  const period = owner.getByLabel('Period');
  await period.focus();
  await period.selectOption({ label: 'Last 30 days' });
  await expect(owner).toHaveURL(/\?period=30d$/);
  // The new period's figures arrive in place: the focus stays on the control.
  await expect(period).toBeFocused();
  const month = await startedWithin(30);
  await expect(figure(owner, 'Conversations started')).toHaveText(String(month.length));
  // The seeded store's past is in the copy: the waits and closes of conversations older than the dashboard.
  await expect(figure(owner, 'First staff reply after a handoff').first()).not.toHaveText('–');
  await expect(figure(owner, 'Time to close').first()).not.toHaveText('–');

  const [download] = await Promise.all([
    owner.waitForEvent('download'),
    owner.getByRole('button', { name: 'Conversations CSV' }).click(),
  ]);
  const today = new Date().toISOString().slice(0, 10);
  const from = new Date(Date.parse(`${today}T00:00:00Z`) - 29 * DAY).toISOString().slice(0, 10);
  expect(download.suggestedFilename()).toBe(`conversations-${from}-to-${today}.csv`);
  const lines = readFileSync(await download.path(), 'utf8')
    .trimEnd()
    .split('\r\n');
  // A byte-order mark first: spreadsheets then read the accents right.
  expect(lines[0]).toMatch(/^\uFEFFconversation_id,started_at,started_on,channel,/);
  const rows = lines.slice(1).map((line) => line.split(','));
  expect(rows.map((row) => row[0]).sort()).toEqual(month.map((item) => item.id).sort());
  for (const row of rows) expect(row[1]! >= `${from}T00:00:00.000Z`).toBe(true);

  // The phone layout: nothing wider than the screen, and no violations.
  await owner.setViewportSize({ width: 390, height: 844 });
  const overflow = await owner.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(owner, 'reports, last 30 days, phone');
  await owner.context().close();
});

test('staff do not see Reports in the navigation, and the dashboard server refuses them the figures', async ({
  browser,
}) => {
  const staff = await open(browser, 'staff', '/reports');
  await expect(staff.getByRole('heading', { name: 'Only owners see the reports' })).toBeVisible();
  const nav = staff.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Inbox' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Reports' })).toHaveCount(0);
  await expectNoAxeViolations(staff, 'reports, refused to staff');
  for (const path of ['/bff/reports?period=7d', '/bff/reports/conversations.csv?period=7d']) {
    const refused = await staff.request.get(path, { headers: { 'X-CSRF': '1' } });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: 'role_forbidden' } });
  }
  await staff.context().close();
});
