import type { Page } from '@playwright/test';
import { modelHolds, modelSettled } from './fixtures/inbox-model.ts';
import { expect, test } from './fixtures/test.ts';

// Snooze "until the shopper writes": staff1 sets an escalated conversation aside; it leaves Needs a
// person (its count drops by one) for Snoozed; the shopper writes through the simulator's control plane
// and it comes back to Needs a person, marked "Shopper replied", in staff1's and staff2's dashboards.

const SHOPPER = 'Solveig Dahl';
const NEEDS_PERSON = '/inbox?status=active&handoff_state=human';
const SNOOZED = '/inbox?status=active&snoozed=only';

const conversations = (page: Page) => page.getByRole('list', { name: 'Conversations' });
const row = (page: Page) => conversations(page).getByRole('listitem').filter({ hasText: SHOPPER });

async function needsPersonCount(page: Page): Promise<number> {
  const response = await page.request.get('/bff/inbox?limit=1', { headers: { 'X-CSRF': '1' } });
  const body = (await response.json()) as { counts: Record<string, number> };
  return body.counts['needs-person']!;
}

/** The count the "Needs a person" view shows. */
const needsPersonView = (page: Page) =>
  page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: /Needs a person/ });

test('a conversation snoozed until the shopper writes leaves Needs a person and comes back when the shopper writes', async ({
  sim,
  pageAs,
}) => {
  test.setTimeout(90_000);
  const { conversation } = await sim.shopperWrites({
    display_name: SHOPPER,
    email: 'solveig.dahl@example.com',
    content: 'I will check with my partner and come back tomorrow.',
    escalate: true,
  });

  const sam = await pageAs('staff');
  await sam.goto(NEEDS_PERSON);
  await modelSettled(sam, sim);
  await modelHolds(sam, conversation);
  const before = await needsPersonCount(sam);
  await expect(needsPersonView(sam)).toContainText(String(before));

  const alex = await pageAs('staff2');
  await alex.goto(NEEDS_PERSON);

  // Staff1 opens it and snoozes it with the key `z`, "until the shopper writes".
  await sam.goto(`/inbox/${conversation.id}?status=active&handoff_state=human`);
  const heading = sam.getByRole('heading', { name: SHOPPER, level: 2 });
  await expect(sam.getByRole('button', { name: 'Snooze…' })).toBeVisible();
  await heading.click();
  await sam.keyboard.press('z');
  const menu = sam.getByRole('dialog', { name: `Snooze the conversation with ${SHOPPER}` });
  await menu.getByRole('button', { name: /Until the shopper writes/ }).click();
  await expect(menu).toBeHidden();
  await expect(sam.getByText('Snoozed until a reply')).toBeVisible();

  // It left Needs a person (the count drops by one) in both dashboards, and is listed under Snoozed.
  await sam.goto(NEEDS_PERSON);
  await expect(row(sam)).toHaveCount(0);
  await expect(needsPersonView(sam)).toContainText(String(before - 1));
  await expect(row(alex)).toHaveCount(0);
  await expect(needsPersonView(alex)).toContainText(String(before - 1));
  await sam.goto(SNOOZED);
  await expect(row(sam)).toContainText('Snoozed until a reply');

  // The shopper writes: it is back in Needs a person, marked, in both dashboards, without a reload.
  // (Staff1's page is live first: a wake while a page still connects reaches its list, not a toast.)
  await sam.goto(NEEDS_PERSON);
  await expect(sam.getByText('Live', { exact: true })).toBeVisible();
  await sim.shopperWrites({ conversation_id: conversation.id, content: 'We decided: two of them, please.' });
  // The person who snoozed it is told (a toast lasts a few seconds: looked for first).
  await expect(sam.getByText(`${SHOPPER} replied: the snooze ended`)).toBeVisible({ timeout: 15_000 });
  for (const page of [sam, alex]) {
    await expect(row(page)).toContainText('Shopper replied', { timeout: 15_000 });
    await expect(needsPersonView(page)).toContainText(String(before));
  }

  // Its history says who snoozed it and why it woke.
  await alex.goto(`/inbox/${conversation.id}?status=active&handoff_state=human`);
  await expect(alex.getByText(/Sam Rivera snoozed it/)).toBeVisible();
});
