import type { Page, Response } from '@playwright/test';
import type { LoggedRequest } from './fixtures/simulator.ts';
import { storageStatePath } from './fixtures/accounts.ts';
import { expect, signIn, test } from './fixtures/test.ts';

// The live hub: one upstream reader for every dashboard, pushed over /bff/events.

const conversations = (page: Page) => page.getByRole('list', { name: 'Conversations' });
// By the name's own element: a substring would let "Shopper 1" + "1 minute ago" match "Shopper 11".
const row = (page: Page, name: string) =>
  conversations(page)
    .getByRole('listitem')
    .filter({ has: page.getByText(name, { exact: true }) });
const pane = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const liveIndicator = (page: Page) => page.getByText('Live', { exact: true });

/** Requests a page sends that poll the store on their own (what the hub replaces). */
function watchPolling(page: Page): string[] {
  const polls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/v1/agent-conversations' && url.searchParams.has('updated_after')) {
      polls.push(url.search);
    }
  });
  return polls;
}

/** First pages of `updated_after` walks that answered 200 (a walk's later pages carry `after`). */
function walksIn(log: LoggedRequest[]) {
  return log
    .filter((entry) => entry.path === '/api/v1/agent-conversations' && entry.status === 200)
    .map((entry) => ({ at: entry.at, params: new URLSearchParams(entry.query) }))
    .filter(({ params }) => params.has('updated_after') && !params.has('after'));
}

async function openInbox(page: Page) {
  // "Needs a person" newest first: under its default (longest waiting) new handoffs come last.
  await page.goto('/inbox?status=active&handoff_state=human&sort=newest');
  await expect(conversations(page).getByRole('listitem').first()).toBeVisible();
  await expect(liveIndicator(page)).toBeVisible();
}

test.describe('live hub', () => {
  test('two staff in two browsers: one upstream walk brings an escalation to both, messages reach both transcripts, each sees the other', async ({
    sim,
    pageAs,
  }) => {
    const sam = await pageAs('staff');
    const alex = await pageAs('staff2');
    await Promise.all([openInbox(sam), openInbox(alex)]);
    const samPolls = watchPolling(sam);
    const alexPolls = watchPolling(alex);

    const { conversation } = await sim.shopperWrites({
      display_name: 'Priya Shah',
      email: 'priya.shah@example.com',
      content: 'My parcel arrived damaged, I want to talk to someone.',
      escalate: true,
    });
    await expect(row(sam, 'Priya Shah')).toContainText('New handoff');
    await expect(row(alex, 'Priya Shah')).toContainText('New handoff');

    // Walks that began after the write from a watermark before it are the ones that could bring it:
    // one reader makes one (its watermark then passes the change); a walker per dashboard would make two.
    const written = Date.parse(conversation.updated_at);
    const bringing = walksIn(await sim.requests()).filter(
      ({ at, params }) => Date.parse(at) >= written && Date.parse(params.get('updated_after')!) < written,
    );
    expect(bringing).toHaveLength(1);
    expect([...samPolls, ...alexPolls]).toEqual([]);

    await row(sam, 'Priya Shah').getByRole('link').first().click();
    await row(alex, 'Priya Shah').getByRole('link').first().click();
    await expect(pane(alex, 'Priya Shah')).toContainText('Sam Rivera (available) is viewing');
    await expect(pane(sam, 'Priya Shah')).toContainText('Alex Kim (available) is viewing');

    await sim.shopperWrites({
      conversation_id: conversation.id,
      content: 'The box was crushed on one side.',
    });
    for (const page of [sam, alex]) {
      await expect(pane(page, 'Priya Shah').getByRole('region', { name: 'Transcript' })).toContainText(
        'The box was crushed on one side.',
      );
    }

    await pane(alex, 'Priya Shah').getByRole('textbox', { name: /reply/i }).fill('Sorry to hear that!');
    await expect(pane(sam, 'Priya Shah')).toContainText('Alex Kim (available) is replying');
    expect([...samPolls, ...alexPolls]).toEqual([]);
  });

  test('tabs of one browser share one stream, and both stay live', async ({ sim, browser, stack }) => {
    const context = await browser.newContext({ storageState: storageStatePath('staff', stack) });
    try {
      const streams: string[] = [];
      context.on('request', (request) => {
        if (new URL(request.url()).pathname === '/bff/events') streams.push(request.url());
      });
      const first = await context.newPage();
      await openInbox(first);
      const second = await context.newPage();
      await openInbox(second);

      await sim.shopperWrites({
        display_name: 'Noor Haddad',
        content: 'Hello? A person please.',
        escalate: true,
      });
      await expect(row(first, 'Noor Haddad')).toContainText('New handoff');
      await expect(row(second, 'Noor Haddad')).toContainText('New handoff');
      expect(streams).toHaveLength(1);

      // The leader leaves: the other tab takes the stream over and stays live.
      await first.close();
      await sim.shopperWrites({ display_name: 'Ola Berg', content: 'Anyone there?', escalate: true });
      await expect(row(second, 'Ola Berg')).toContainText('New handoff');
      await expect(liveIndicator(second)).toBeVisible();
      expect(streams).toHaveLength(2);
    } finally {
      await context.close();
    }
  });

  test('signing out ends the stream without asking to sign in again', async ({ sim, browser }) => {
    void sim;
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto('/sign-in');
      await signIn(page, 'staff');
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await openInbox(page);
      const refused = (response: Response) =>
        new URL(response.url()).pathname === '/bff/events' && response.status() === 401;

      await page.getByRole('button', { name: /account menu/i }).click();
      await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
      await expect(page).toHaveURL(/\/sign-in/);
      // The server closed the stream; the hub tries it again and is refused, twice: it did not stop to
      // wait for a sign-in (which would have opened the session-ended dialog over the sign-in page).
      await page.waitForResponse(refused);
      await page.waitForResponse(refused);
      await expect(page.getByRole('dialog', { name: 'Your session has ended' })).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  test('a cut stream resumes from its last event id and shows what changed while it was cut', async ({
    sim,
    pageAs,
  }) => {
    const page = await pageAs('staff');
    const resumedFrom: (string | undefined)[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/bff/events')
        resumedFrom.push(request.headers()['last-event-id']);
    });
    await openInbox(page);
    expect(resumedFrom).toEqual([undefined]);

    await page.context().setOffline(true);
    await expect(page.getByText('Reconnecting…')).toBeVisible();
    await sim.shopperWrites({ display_name: 'Lena Vogt', content: 'Is anyone there?', escalate: true });
    // Stay cut a few seconds, so the change happens and is published while the page cannot hear it.
    await page.waitForTimeout(3_000);
    await expect(row(page, 'Lena Vogt')).toHaveCount(0);
    await page.context().setOffline(false);

    await expect(row(page, 'Lena Vogt')).toContainText('New handoff');
    await expect(liveIndicator(page)).toBeVisible();
    expect(resumedFrom.length).toBeGreaterThanOrEqual(2);
    expect(resumedFrom.at(-1)).toMatch(/\S/);
  });

  // The feed's pacing over two minutes, with a quarter of the limit left to the dashboards, is proved on
  // the simulator's clock in src/server/feed/store-feed-pacing.test.ts; this run proves the whole path
  // (feed, hub, streams, five pages) under the same limit.
  test('five staff pages stay live under 120 requests a minute, and no 429 reaches them', async ({
    sim,
    pageAs,
  }) => {
    test.setTimeout(120_000);
    await sim.setRateLimit(120, 60);
    const pages = await Promise.all(
      (['staff', 'staff2', 'staff', 'staff2', 'staff'] as const).map((account) => pageAs(account)),
    );
    const refused: string[] = [];
    for (const page of pages) {
      page.on('response', (response) => {
        if (response.status() === 429) refused.push(`${response.request().method()} ${response.url()}`);
      });
    }
    for (const page of pages) await openInbox(page);
    // Two of them watch a conversation, so the hub also tails transcripts.
    const { conversation } = await sim.shopperWrites({
      display_name: 'Watched Shopper',
      content: 'I need help with my order.',
      escalate: true,
    });
    for (const page of pages.slice(0, 2)) {
      await row(page, 'Watched Shopper').getByRole('link').first().click();
      await expect(pane(page, 'Watched Shopper')).toBeVisible();
    }

    // Rounds of steady traffic: every change must reach all five pages.
    const rounds = 3;
    for (let round = 1; round <= rounds; round += 1) {
      // Zero-padded, so no round's text contains another's ("Shopper 1" beside "1 minute" read "Shopper 11").
      const tag = String(round).padStart(3, '0');
      await sim.shopperWrites({
        display_name: `Shopper ${tag}`,
        content: 'A person, please.',
        escalate: true,
      });
      await sim.shopperWrites({ conversation_id: conversation.id, content: `Update ${tag}` });
      for (const page of pages) {
        await expect(row(page, `Shopper ${tag}`)).toContainText('New handoff', { timeout: 15_000 });
        await expect(liveIndicator(page)).toBeVisible();
      }
      for (const page of pages.slice(0, 2)) {
        await expect(pane(page, 'Watched Shopper')).toContainText(`Update ${tag}`, { timeout: 15_000 });
      }
      // Pacing between rounds (a steady rate of changes), not an assertion.
      if (round < rounds) await pages[0]!.waitForTimeout(8_000);
    }
    expect(refused).toEqual([]);
  });
});
