import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import type { SimulatorControl } from './fixtures/simulator.ts';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { chooseAction } from './fixtures/conversation-menu.ts';
import { needsPersonInStore } from './fixtures/inbox-model.ts';
import { simulatorURL } from './fixtures/ports.ts';

/** The simulator's demo store key, for a write made outside the dashboard. */
const STORE_KEY = 'sk_test_demo_owner';

type StoredConversation = { id: string; status: string; handoff_state: string; assigned_to: string | null };

async function stored(sim: SimulatorControl, id: string): Promise<StoredConversation> {
  return (await sim.api<{ data: StoredConversation }>(`/api/v1/agent-conversations/${id}`)).data;
}

/** A new conversation with the bot, from a shopper with this name. */
async function newConversation(sim: SimulatorControl, name: string, channel?: 'website' | 'messaging_b') {
  const { conversation } = await sim.shopperWrites({
    display_name: name,
    email: `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`,
    content: 'Hi, do you ship to Norway?',
    ...(channel ? { channel } : {}),
  });
  return conversation.id;
}

const conversations = (page: Page) => page.getByRole('list', { name: 'Conversations' });
/** The open conversation (its header names the shopper). */
const pane = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const row = (page: Page, name: string) => conversations(page).getByRole('listitem').filter({ hasText: name });

/**
 * Whether the list's row for `name` shows a person handling the conversation ("Human"), read in the page
 * every 100 ms for 3 s (null while the row is not in the list).
 */
const handledByPersonEvery100ms = (page: Page, name: string) =>
  page.evaluate(async (shopper) => {
    const samples: (boolean | null)[] = [];
    for (let sample = 0; sample < 30; sample += 1) {
      const list = document.querySelector('[role="list"][aria-label="Conversations"]');
      const item = [...(list?.querySelectorAll('[role="listitem"]') ?? [])].find((element) =>
        element.textContent?.includes(shopper),
      );
      samples.push(item ? (item.textContent ?? '').includes('Human') : null);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return samples;
  }, name);

test.describe('inbox', () => {
  test('an escalated conversation appears in "Needs a person" without a reload, and the title count rises', async ({
    sim,
    pageAs,
  }) => {
    const page = await pageAs('staff');
    // Newest first: under the view's default order (longest waiting) a new handoff comes last.
    await page.goto('/inbox?status=active&handoff_state=human&sort=newest');
    await expect(page.getByRole('link', { name: /Needs a person/ })).toHaveAttribute('aria-current', 'page');
    await expect(conversations(page).getByRole('listitem').first()).toBeVisible();
    // The title counts what the store holds (the BFF's read model catches up with the reset store first).
    const before = await needsPersonInStore(sim);
    await expect(page).toHaveTitle(`(${before}) Inbox · Sales assistant`, { timeout: 20_000 });
    await expectNoAxeViolations(page, 'inbox, Needs a person');

    await sim.shopperWrites({
      display_name: 'Priya Shah',
      email: 'priya.shah@example.com',
      content: 'My parcel arrived damaged, I want to talk to someone.',
      escalate: true,
    });

    // The live sync polls every few seconds; no reload happens in between.
    await expect(row(page, 'Priya Shah')).toBeVisible({ timeout: 15_000 });
    await expect(row(page, 'Priya Shah')).toContainText('New handoff');
    await expect(row(page, 'Priya Shah')).toContainText('Human');
    await expect(page).toHaveTitle(`(${before + 1}) Inbox · Sales assistant`);
    await expect(conversations(page).getByRole('listitem').first()).toContainText('Priya Shah');
    await expectNoAxeViolations(page, 'inbox with a new handoff highlighted');
  });

  test('a taken-over row never shows the bot again (sampled every 100 ms for 3 s)', async ({
    sim,
    pageAs,
  }) => {
    await newConversation(sim, 'Jonas Berg');
    const staff = await pageAs('staff');
    await staff.goto('/inbox?status=active');
    await row(staff, 'Jonas Berg').getByRole('link').click();
    await expect(staff.getByRole('heading', { name: 'Jonas Berg', level: 2 })).toBeVisible();
    const samples = handledByPersonEvery100ms(staff, 'Jonas Berg');
    await staff.getByRole('button', { name: 'Take over', exact: true }).click();
    const shown = await samples;
    const first = shown.indexOf(true);
    expect(first, `the row never showed the take-over: ${JSON.stringify(shown)}`).toBeGreaterThanOrEqual(0);
    expect(shown.slice(first), `the row flipped back: ${JSON.stringify(shown)}`).not.toContain(false);
  });

  test('staff takes a conversation over and assigns it to staff2, who sees it under "Mine"', async ({
    sim,
    pageAs,
  }) => {
    const id = await newConversation(sim, 'Jonas Berg');
    const staff = await pageAs('staff');
    await staff.goto('/inbox?status=active');
    await row(staff, 'Jonas Berg').getByRole('link').click();
    await expect(staff).toHaveURL(new RegExp(`/inbox/${id}\\?status=active$`));
    await expect(staff.getByRole('heading', { name: 'Jonas Berg', level: 2 })).toBeVisible();

    await staff.getByRole('button', { name: 'Take over', exact: true }).click();
    await expect(staff.getByRole('button', { name: 'Hand back to the bot' })).toBeVisible();
    await expectNoAxeViolations(staff, 'conversation open, taken over');
    await chooseAction(staff, 'Assign to…');
    const assign = staff.getByRole('dialog', { name: 'Assign' });
    await assign.getByRole('combobox', { name: 'Assign to' }).selectOption({ label: 'Alex Kim' });
    await expectNoAxeViolations(staff, 'assign dialog');
    await assign.getByRole('button', { name: 'Assign', exact: true }).click();
    await expect(pane(staff, 'Jonas Berg')).toContainText('Assigned to Alex Kim');
    await expect
      .poll(() => stored(sim, id))
      .toMatchObject({ handoff_state: 'human', assigned_to: 'usr_staff2' });

    const staff2 = await pageAs('staff2');
    await staff2.goto('/inbox');
    await staff2.getByRole('link', { name: 'Mine', exact: true }).click();
    await expect(staff2).toHaveURL(/assigned_to=me/);
    await expect(row(staff2, 'Jonas Berg')).toContainText('Alex Kim');
    await expect(row(staff2, 'Jonas Berg')).toContainText('Human');
    await expectNoAxeViolations(staff2, 'inbox, Mine');
  });

  test("a takeover from a stale view keeps a teammate's newer assignment", async ({
    sim,
    pageAs,
    request,
  }) => {
    const id = await newConversation(sim, 'Rosa Diaz');
    const staff = await pageAs('staff');
    await staff.goto(`/inbox/${id}?status=active`);
    await expect(staff.getByRole('heading', { name: 'Rosa Diaz', level: 2 })).toBeVisible();
    await expect(pane(staff, 'Rosa Diaz')).toContainText('Nobody is assigned');
    // From here on staff's page learns nothing new: every list read (the live sync) hangs.
    await sim.injectFault({
      method: 'GET',
      path: '/api/v1/agent-conversations',
      times: 1000,
      delay_ms: 20_000,
    });

    // Alex assigns it to themselves outside the dashboard (a write through the dashboard would reach
    // staff's page at once): only the feed, held up above, would tell the BFF.
    const assigned = await request.put(`${simulatorURL}/api/v1/agent-conversations/${id}`, {
      headers: { authorization: `Bearer ${STORE_KEY}`, 'idempotency-key': randomUUID() },
      data: { status: 'active', handoff_state: 'bot', assigned_to: 'usr_staff2' },
    });
    expect(assigned.status()).toBe(200);
    expect(await stored(sim, id)).toMatchObject({ assigned_to: 'usr_staff2', handoff_state: 'bot' });

    await expect(pane(staff, 'Rosa Diaz')).toContainText('Nobody is assigned');
    await staff.getByRole('button', { name: 'Take over', exact: true }).click();
    await expect(pane(staff, 'Rosa Diaz')).toContainText('Assigned to Alex Kim');
    await expect(pane(staff, 'Rosa Diaz')).toContainText('Human');
    expect(await stored(sim, id)).toMatchObject({
      status: 'active',
      handoff_state: 'human',
      assigned_to: 'usr_staff2',
    });
  });

  test('filters survive a reload and the back button', async ({ sim, pageAs }) => {
    await newConversation(sim, 'Lena Park', 'messaging_b');
    await newConversation(sim, 'Omar Haddad', 'website');
    const page = await pageAs('staff');
    await page.goto('/inbox');
    await expect(page).toHaveURL(/status=active&handoff_state=human/);
    await page.getByRole('link', { name: 'All active' }).click();
    await expect(page).toHaveURL(/\/inbox\?status=active$/);
    await page.getByLabel('Channel').selectOption({ label: 'Messaging B' });
    await expect(page).toHaveURL(/channel=messaging_b/);
    const rows = conversations(page).getByRole('listitem');
    await expect(rows.first()).toContainText('Lena Park');
    await expect(row(page, 'Omar Haddad')).toHaveCount(0);
    for (const text of await rows.allTextContents()) expect(text).toContain('Messaging B');
    await expectNoAxeViolations(page, 'inbox filtered by channel');

    await page.reload();
    await expect(page.getByLabel('Channel')).toHaveValue('messaging_b');
    await expect(page.getByLabel('Status')).toHaveValue('active');
    await expect(rows.first()).toContainText('Lena Park');
    await expect(row(page, 'Omar Haddad')).toHaveCount(0);

    await page.goBack();
    await expect(page).toHaveURL(/\/inbox\?status=active$/);
    await expect(page.getByLabel('Channel')).toHaveValue('any');
    await expect(row(page, 'Omar Haddad')).toBeVisible();
    await expect(page.getByRole('link', { name: 'All active' })).toHaveAttribute('aria-current', 'page');
    await page.goBack();
    await expect(page.getByRole('link', { name: /Needs a person/ })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByLabel('Answered by')).toHaveValue('human');
  });

  test('keyboard-only triage of three conversations', async ({ sim, pageAs }) => {
    const first = await newConversation(sim, 'Kira One');
    const second = await newConversation(sim, 'Kira Two');
    const third = await newConversation(sim, 'Kira Three');
    const page = await pageAs('staff');
    await page.goto('/inbox?status=active');
    await expect(conversations(page).getByRole('listitem').first()).toContainText('Kira Three');

    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(sheet).toContainText('Take over from the bot');
    await expectNoAxeViolations(page, 'shortcuts sheet');
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();

    // Kira Three: take over, assign to me.
    await page.keyboard.press('j');
    await expect(row(page, 'Kira Three').getByRole('link')).toBeFocused();
    await page.keyboard.press('t');
    await expect(row(page, 'Kira Three')).toContainText('Human');
    await page.keyboard.press('m');
    await expect(row(page, 'Kira Three')).toContainText('Sam Rivera');

    // Kira Two: close; it leaves "All active" and the next one takes its place under the cursor.
    await page.keyboard.press('j');
    await expect(row(page, 'Kira Two').getByRole('link')).toBeFocused();
    await page.keyboard.press('c');
    await expect(row(page, 'Kira Two')).toHaveCount(0);
    await expect(row(page, 'Kira One').getByRole('link')).toBeFocused();

    // Kira One: assign to me, then open it.
    await page.keyboard.press('m');
    await expect(row(page, 'Kira One')).toContainText('Sam Rivera');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/inbox/${first}\\?`));
    await expect(page.getByRole('heading', { name: 'Kira One', level: 2 })).toBeVisible();
    await expect(pane(page, 'Kira One')).toContainText('Assigned to Sam Rivera');
    await expectNoAxeViolations(page, 'conversation opened by keyboard');

    await expect
      .poll(() => stored(sim, third))
      .toMatchObject({ handoff_state: 'human', assigned_to: 'usr_staff1' });
    await expect.poll(() => stored(sim, second)).toMatchObject({ status: 'closed', handoff_state: 'bot' });
    await expect
      .poll(() => stored(sim, first))
      .toMatchObject({ status: 'active', assigned_to: 'usr_staff1' });
  });

  test('a deep link makes that conversation the current one: the list highlights it, and z and c act on it', async ({
    sim,
    pageAs,
  }) => {
    const nora = await newConversation(sim, 'Nora Vik');
    await newConversation(sim, 'Lea Bernard');
    const page = await pageAs('staff', { viewport: { width: 1440, height: 900 } });
    await page.goto(`/inbox/${nora}?status=active`);
    await expect(page.getByRole('heading', { name: 'Nora Vik', level: 2 })).toBeVisible();
    // Newest first: Lea's row is on top, yet the highlight (the list's tab stop) is on Nora's.
    await expect(conversations(page).getByRole('listitem').first()).toContainText('Lea Bernard');
    await expect(row(page, 'Nora Vik').getByRole('link')).toHaveAttribute('tabindex', '0');

    await page.keyboard.press('z');
    await expect(page.getByRole('dialog', { name: 'Snooze the conversation with Nora Vik' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.keyboard.press('c');
    await expect.poll(() => stored(sim, nora)).toMatchObject({ status: 'closed' });
  });

  test('taking over makes the conversation yours, and a reply typed at full speed right after keeps every letter', async ({
    sim,
    pageAs,
  }) => {
    const id = await newConversation(sim, 'Ola Dahl');
    const page = await pageAs('staff', { viewport: { width: 1440, height: 900 } });
    await page.goto(`/inbox/${id}?status=active`);
    await expect(pane(page, 'Ola Dahl')).toContainText('Nobody is assigned');
    await page.keyboard.press('t');
    await page.keyboard.press('r');
    await page.keyboard.type('Hi Ola, thanks');
    await expect(page.getByRole('textbox', { name: 'Reply to Ola Dahl' })).toHaveValue('Hi Ola, thanks');
    await expect(pane(page, 'Ola Dahl')).toContainText('Assigned to Sam Rivera');
    await page.keyboard.press('Control+Enter');
    await expect
      .poll(async () =>
        (
          await sim.api<{ data: { content: string; author_user_id: string | null }[] }>(
            `/api/v1/agent-conversations/${id}/messages`,
          )
        ).data
          .filter((message) => message.author_user_id !== null)
          .map((message) => message.content),
      )
      .toEqual(['Hi Ola, thanks']);
    // The take-over's own request may still be on its way when the reply lands: the store gets there.
    await expect
      .poll(() => stored(sim, id))
      .toMatchObject({ handoff_state: 'human', assigned_to: 'usr_staff1' });
  });

  test('a reply in a conversation the assistant handed over, with nobody assigned, makes it the replier’s', async ({
    sim,
    pageAs,
  }) => {
    const { conversation } = await sim.shopperWrites({
      display_name: 'Una Berg',
      content: 'Can I talk to a person?',
      escalate: true,
    });
    const page = await pageAs('staff', { viewport: { width: 1440, height: 900 } });
    await page.goto(`/inbox/${conversation.id}`);
    await expect(pane(page, 'Una Berg')).toContainText('Nobody is assigned');
    await page.keyboard.press('r');
    await page.keyboard.type('Hello Una');
    await page.keyboard.press('Control+Enter');
    await expect(pane(page, 'Una Berg')).toContainText('Assigned to Sam Rivera');
    await expect.poll(() => stored(sim, conversation.id)).toMatchObject({ assigned_to: 'usr_staff1' });
  });
});
