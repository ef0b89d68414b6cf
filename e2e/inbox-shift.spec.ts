import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { chooseAction } from './fixtures/conversation-menu.ts';
import { modelSettled } from './fixtures/inbox-model.ts';

const conversations = (page: Page) => page.getByRole('list', { name: 'Conversations' });
const rows = (page: Page) => conversations(page).getByRole('listitem');
const row = (page: Page, name: string) => rows(page).filter({ hasText: name });

/** The row's wait as screen readers hear it ("Waiting 3 days, longer than 5 minutes"). */
async function waitOf(page: Page, index: number): Promise<string> {
  const text = (await rows(page).nth(index).textContent()) ?? '';
  return /Waiting \d+ (?:minute|hour|day)s?/.exec(text)?.[0] ?? '';
}

const idOf = async (page: Page, index: number) =>
  /\/inbox\/([^?]+)/.exec((await rows(page).nth(index).getByRole('link').getAttribute('href')) ?? '')?.[1];

test.describe('a shift-ready inbox', () => {
  test('an old waiting conversation stays above newer handoffs, and assigning it does not reset its wait', async ({
    sim,
    pageAs,
  }) => {
    // Tall enough that the list (virtualized) renders every row of the view.
    const page = await pageAs('staff', { viewport: { width: 1280, height: 2400 } });
    await page.goto('/inbox');
    await modelSettled(page, sim);
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Sort' })).toHaveValue('waiting');
    await expect(rows(page).first()).toContainText('Waiting', { timeout: 15_000 });
    const oldId = await idOf(page, 0);
    const oldWait = await waitOf(page, 0);
    // A seeded conversation has waited for days: it stands out past the 5-minute threshold.
    expect(oldWait).toMatch(/^Waiting \d+ (days?|hours?)$/);
    await expect(rows(page).first()).toContainText('longer than 5 minutes');

    const names = ['Lena Fischer', 'Tomasz Nowak', 'Aiko Tanaka'];
    for (const name of names) {
      await sim.shopperWrites({ display_name: name, content: 'I need a person, please.', escalate: true });
    }
    for (const name of names) await expect(row(page, name)).toBeVisible({ timeout: 15_000 });
    expect(await idOf(page, 0)).toBe(oldId);
    const texts = await rows(page).allTextContents();
    for (const name of names) {
      const index = texts.findIndex((text) => text.includes(name));
      expect(index).toBeGreaterThan(0);
      expect(texts[index]).toContain('Waiting 0 minutes');
    }
    await expectNoAxeViolations(page, 'inbox, longest waiting with new handoffs');

    // Assigning it is a staff action: the shopper still waits just as long, and it stays on top.
    await rows(page)
      .first()
      .getByRole('button', { name: /^Actions for/ })
      .click();
    await page.getByRole('menuitem', { name: 'Assign to me' }).click();
    await expect
      .poll(
        async () =>
          (await sim.api<{ data: { assigned_to: string | null } }>(`/api/v1/agent-conversations/${oldId}`))
            .data.assigned_to,
      )
      .toBe('usr_staff1');
    await expect(rows(page).first()).toContainText('Sam Rivera', { timeout: 15_000 });
    expect(await idOf(page, 0)).toBe(oldId);
    expect(await waitOf(page, 0)).toBe(oldWait);
  });

  test("a shopper's new message marks the row unread with its preview; opening clears it, also after a reload", async ({
    sim,
    pageAs,
  }) => {
    const { conversation } = await sim.shopperWrites({
      display_name: 'Kari Nordmann',
      email: 'kari.nordmann@example.com',
      content: 'My order has not arrived.',
      escalate: true,
    });
    const page = await pageAs('staff');
    // Newest activity first: a new handoff has waited least, so it is at the end of "longest waiting".
    const needsPersonNewest = '/inbox?status=active&handoff_state=human&sort=newest';
    await page.goto(needsPersonNewest);
    await modelSettled(page, sim);
    await expect(page.getByRole('combobox', { name: 'Sort' })).toHaveValue('newest');
    await expect(row(page, 'Kari Nordmann')).toContainText('Unread', { timeout: 15_000 });
    await row(page, 'Kari Nordmann').getByRole('link').click();
    await expect(page.getByRole('heading', { name: 'Kari Nordmann', level: 2 })).toBeVisible();
    await expect(row(page, 'Kari Nordmann')).not.toContainText('Unread');
    await page.goto(needsPersonNewest);
    await expect(row(page, 'Kari Nordmann')).toContainText('Bot:');
    await expect(row(page, 'Kari Nordmann')).not.toContainText('Unread');

    await sim.shopperWrites({ conversation_id: conversation.id, content: 'Is anyone there?' });
    await expect(row(page, 'Kari Nordmann')).toContainText('Kari Nordmann: Is anyone there?', {
      timeout: 15_000,
    });
    await expect(row(page, 'Kari Nordmann')).toContainText('Unread');
    await expectNoAxeViolations(page, 'inbox with an unread row');

    await row(page, 'Kari Nordmann').getByRole('link').click();
    await expect(page.getByRole('heading', { name: 'Kari Nordmann', level: 2 })).toBeVisible();
    await expect(row(page, 'Kari Nordmann')).not.toContainText('Unread', { timeout: 10_000 });
    await page.reload();
    await expect(row(page, 'Kari Nordmann')).toContainText('Is anyone there?', { timeout: 15_000 });
    await expect(row(page, 'Kari Nordmann')).not.toContainText('Unread');

    // Another device of the same person: the marker is kept on the server.
    const other = await pageAs('staff');
    await other.goto(needsPersonNewest);
    await expect(row(other, 'Kari Nordmann')).toContainText('Is anyone there?', { timeout: 15_000 });
    await expect(row(other, 'Kari Nordmann')).not.toContainText('Unread');
  });

  test('search by part of an email finds the conversation, and the URL keeps the query', async ({
    sim,
    pageAs,
  }) => {
    await sim.shopperWrites({
      display_name: 'Ola Hansen',
      email: 'ola.hansen.7731@example.net',
      content: 'Do you ship to Bergen?',
    });
    const page = await pageAs('staff');
    await page.goto('/inbox');
    await modelSettled(page, sim);
    // With the bot: not in "Needs a person".
    await expect(rows(page).first()).toBeVisible();
    await expect(row(page, 'Ola Hansen')).toHaveCount(0);

    await page.keyboard.press('/');
    const search = page.getByRole('searchbox', { name: 'Search shoppers by name or email' });
    await expect(search).toBeFocused();
    await search.fill('HANSEN.77');
    await expect(page).toHaveURL(/[?&]q=HANSEN\.77(&|$)/);
    await expect(row(page, 'Ola Hansen')).toBeVisible({ timeout: 15_000 });
    await expect(rows(page)).toHaveCount(1);
    await expect(row(page, 'Ola Hansen')).toContainText('Bot:');
    await expectNoAxeViolations(page, 'inbox search results');

    await page.reload();
    await expect(search).toHaveValue('HANSEN.77');
    await expect(row(page, 'Ola Hansen')).toBeVisible({ timeout: 15_000 });
    await expect(rows(page)).toHaveCount(1);
  });

  test("the customer context lists the shopper's other conversation with its status, as a link", async ({
    sim,
    pageAs,
  }) => {
    const first = await sim.shopperWrites({
      display_name: 'Ingrid Berg',
      email: 'ingrid.berg@example.com',
      content: 'Where is my parcel?',
      escalate: true,
    });
    const second = await sim.shopperWrites({
      display_name: 'Ingrid Berg',
      email: 'INGRID.BERG@example.com',
      content: 'Can I return a jacket?',
    });
    const page = await pageAs('staff', { viewport: { width: 1920, height: 1080 } });
    await page.goto(`/inbox/${first.conversation.id}`);
    await modelSettled(page, sim);
    await expect(page.getByRole('heading', { name: 'Ingrid Berg', level: 2 })).toBeVisible();
    // Wide: a column beside the transcript.
    const customer = page.getByRole('complementary', { name: 'Customer' });
    await expect(customer).toContainText('ingrid.berg@example.com');
    // Its preview is the bot's answer, so the one link is found by where it leads.
    const toSecond = customer.getByRole('link');
    await expect(toSecond).toHaveCount(1, { timeout: 15_000 });
    await expect(toSecond).toHaveAttribute('href', new RegExp(`/inbox/${second.conversation.id}`));
    await expect(toSecond).toContainText('Active');
    await expect(toSecond).toContainText('Last activity');

    // Closing this one shows in the other's context once the link is followed.
    await chooseAction(page, 'Close');
    // Closed, it is reopened first: no bot or assignment actions, in its header or its row's menu.
    const headerActions = page.getByRole('group', { name: 'Actions', exact: true });
    await expect(headerActions.getByRole('button', { name: 'Reopen' })).toBeVisible();
    await expect(
      headerActions.getByRole('button', { name: /Hand back to the bot|Assign to me/ }),
    ).toHaveCount(0);
    await page.getByRole('button', { name: 'More actions' }).click();
    await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(['Tags…']);
    await page.keyboard.press('Escape');
    // A search lists closed conversations too.
    await page.getByRole('searchbox', { name: 'Search shoppers by name or email' }).fill('ingrid.berg');
    // The searched list replaces the view's once read: its rows are the ones to press.
    await expect(page.getByText('2 conversations, active and closed')).toBeVisible({ timeout: 15_000 });
    const closedRow = rows(page).filter({ has: page.locator(`a[href*="${first.conversation.id}"]`) });
    await closedRow.getByRole('button', { name: /^Actions for/ }).click();
    await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(['Reopen', 'Tags…']);
    await page.keyboard.press('Escape');
    await toSecond.click();
    await expect(page).toHaveURL(new RegExp(`/inbox/${second.conversation.id}`));
    await expect(page.getByText('Can I return a jacket?')).toBeVisible();
    const toFirst = customer.getByRole('link');
    await expect(toFirst).toHaveAttribute('href', new RegExp(`/inbox/${first.conversation.id}`));
    await expect(toFirst).toContainText('Closed', { timeout: 15_000 });
    await expectNoAxeViolations(page, 'customer context beside the transcript');

    // Narrower: a disclosure under the transcript, closed until asked for.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(customer).toHaveCount(0);
    await expect(toFirst).toBeHidden();
    await page.getByText('Customer and other conversations').click();
    const narrow = page.getByRole('group').filter({ hasText: 'Customer and other conversations' });
    await expect(narrow.getByRole('link')).toContainText('Closed');
    await expectNoAxeViolations(page, 'customer context as a disclosure');
  });

  test('a handoff that lands out of view shows a banner that jumps to it; on a phone, a chip in the open conversation', async ({
    sim,
    pageAs,
  }) => {
    const page = await pageAs('staff', { viewport: { width: 1440, height: 900 } });
    // Longest waiting first: a new handoff sorts last, below the fold of a view that lists it.
    await page.goto('/inbox?status=active&handoff_state=human&sort=waiting');
    await modelSettled(page, sim);
    await expect(rows(page).nth(5)).toBeAttached();
    await sim.shopperWrites({
      display_name: 'Ezra Lind',
      content: 'I need a person, please.',
      escalate: true,
    });
    const banner = page.getByRole('button', { name: '1 new conversation needs a person' });
    await expect(banner).toBeVisible({ timeout: 15_000 });
    await banner.click();
    await expect(row(page, 'Ezra Lind')).toBeInViewport();
    await expect(banner).toBeHidden();

    await page.goto('/inbox?status=active&assigned_to=me');
    await modelSettled(page, sim);
    await expect(rows(page).first()).toBeVisible();
    const { conversation } = await sim.shopperWrites({
      display_name: 'Wren Hale',
      content: 'I need a person, please.',
      escalate: true,
    });
    // "Mine" does not list it: only the banner (and the count) says a shopper is waiting.
    await expect(banner).toBeVisible({ timeout: 15_000 });
    await expectNoAxeViolations(page, 'inbox with a new handoff out of view');
    await banner.click();
    await expect(page).toHaveURL(new RegExp(`/inbox/${conversation.id}\\?`));
    await expect(page.getByRole('heading', { name: 'Wren Hale', level: 2 })).toBeVisible();
    await expect(banner).toBeHidden();

    // On a phone the open conversation hides the list and its banner: a chip at its top says it instead.
    await page.setViewportSize({ width: 390, height: 844 });
    const next = await sim.shopperWrites({
      display_name: 'Juno Park',
      content: 'I need a person, please.',
      escalate: true,
    });
    const chip = page.getByRole('button', { name: '1 new handoff: open Juno Park' });
    await expect(chip).toBeVisible({ timeout: 15_000 });
    await expectNoAxeViolations(page, 'open conversation with a new handoff chip, 390 px');
    await chip.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/inbox/${next.conversation.id}\\?`));
    const heading = page.getByRole('heading', { name: 'Juno Park', level: 2 });
    await expect(heading).toBeFocused();
    await expect(chip).toBeHidden();
  });

  test('Shift+A asks first, for someone who chose "Ask me each time", counting what "Mine" counts', async ({
    sim,
    pageAs,
  }) => {
    const page = await pageAs('staff', { viewport: { width: 1440, height: 900 } });
    await page.goto('/inbox?status=active&assigned_to=me');
    await modelSettled(page, sim);
    await expect(rows(page).first()).toBeVisible();
    const mine = page.getByRole('link', { name: 'Mine', exact: true });
    await expect(mine).toHaveText(/^Mine\d+$/);
    const count = Number(/\d+/.exec((await mine.textContent()) ?? '')?.[0]);

    await page.keyboard.press('Shift+A');
    const question = page.getByRole('dialog', { name: 'Going away' });
    await expect(question).toContainText(`Hand your ${count} open conversation`);
    await question.getByRole('button', { name: 'Stay available' }).click();
    await expect(question).toBeHidden();
    await expect(page.locator('body')).not.toBeFocused();

    // With no conversation open a key acts on the highlighted row, and its dialog says so.
    await page.keyboard.press('a');
    const assign = page.getByRole('dialog', { name: 'Assign' });
    await expect(assign).toContainText('Choose who handles the highlighted conversation, with ');
    await page.keyboard.press('Escape');
    await expect(assign).toBeHidden();

    // Taller than the window, the shortcut sheet scrolls from its top.
    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    const sheetHeading = sheet.getByRole('heading', { name: 'Keyboard shortcuts' });
    await sheetHeading.scrollIntoViewIfNeeded();
    await expect(sheetHeading).toBeInViewport();
    await sheet.getByRole('button', { name: 'Done' }).scrollIntoViewIfNeeded();
    await expect(sheet.getByRole('button', { name: 'Done' })).toBeInViewport();
  });
});
