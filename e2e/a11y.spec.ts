import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { newConversation } from './fixtures/inbox-model.ts';
import type { SimulatorControl } from './fixtures/simulator.ts';
import { accounts, expect, signIn, test } from './fixtures/test.ts';

type Stored = { status: string; handoff_state: string; assigned_to: string | null };

async function stored(sim: SimulatorControl, id: string): Promise<Stored> {
  return (await sim.api<{ data: Stored }>(`/api/v1/agent-conversations/${id}`)).data;
}

const conversations = (page: Page) => page.getByRole('list', { name: 'Conversations' });
const row = (page: Page, name: string) => conversations(page).getByRole('listitem').filter({ hasText: name });
const pane = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test.describe('keyboard-only triage', () => {
  // Below 1280 px the open conversation replaces the list, so focus has to be carried by hand.
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1024, height: 768 },
  ]) {
    test(`at ${viewport.width} px: open, take over, assign to a teammate, reply, close, back to the list`, async ({
      sim,
      pageAs,
    }) => {
      test.setTimeout(90_000);
      const name = `Kai Keys ${viewport.width}`;
      const id = await newConversation(sim, name);
      const page = await pageAs('staff', { viewport });
      const at = (state: string) => expectNoAxeViolations(page, `${state} at ${viewport.width} px`);
      await page.goto('/inbox?status=active');
      await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeFocused();
      await expect(row(page, name)).toBeVisible();
      await at('inbox, All active');

      // Open.
      await page.keyboard.press('j');
      await expect(row(page, name).getByRole('link')).toBeFocused();
      await page.keyboard.press('Enter');
      const heading = page.getByRole('heading', { name, level: 2 });
      await expect(heading).toBeFocused();
      await expect(page.getByRole('textbox', { name: `Reply to ${name}` })).toBeVisible();
      await at('conversation open (bot)');

      // Take over.
      await page.keyboard.press('t');
      await expect(pane(page, name).getByRole('button', { name: 'Hand back to the bot' })).toBeVisible();
      await expect(heading).toBeFocused();

      // Assign to a teammate: `a` opens the picker, a letter picks by name, Tab and Enter assign.
      await page.keyboard.press('a');
      const dialog = page.getByRole('dialog', { name: 'Assign' });
      const picker = dialog.getByRole('combobox', { name: 'Assign to' });
      await expect(picker).toBeFocused();
      await at('assign dialog');
      await page.keyboard.press('a');
      await expect(picker).toHaveValue(accounts.staff2.storeUserId);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      await expect(dialog.getByRole('button', { name: 'Assign' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(dialog).toBeHidden();
      await expect(pane(page, name)).toContainText(`Assigned to ${accounts.staff2.name}`);
      await expect(heading).toBeFocused();

      // Reply: `r` goes to the reply box, Ctrl+Enter sends, Escape leaves the box.
      await page.keyboard.press('r');
      const composer = page.getByRole('textbox', { name: `Reply to ${name}` });
      await expect(composer).toBeFocused();
      const text = `Yes, 3 to 5 working days (${viewport.width}).`;
      await page.keyboard.type(text);
      // The server holds the reply a moment, so the "Sending…" state can be checked too.
      await sim.injectFault({
        method: 'POST',
        path: `/api/v1/agent-conversations/${id}/messages`,
        times: 1,
        delay_ms: 3000,
      });
      await page.keyboard.press('Control+Enter');
      const transcript = page.getByRole('region', { name: 'Transcript' });
      await expect(transcript.getByText('Sending…')).toBeVisible();
      await at('reply sending');
      await expect(
        transcript.getByRole('article').filter({ hasText: text, hasNotText: /Sending…|Not sent/ }),
      ).toBeVisible();
      await expect(composer).toHaveValue('');
      await expect(composer).toBeFocused();
      await at('reply sent');
      await page.keyboard.press('Escape');
      // The list is hidden at this width: Escape lands on the conversation's heading.
      await expect(heading).toBeFocused();

      // Close.
      await page.keyboard.press('c');
      await expect(pane(page, name).getByRole('button', { name: 'Reopen', exact: true })).toBeVisible();
      await expect(heading).toBeFocused();
      await expect(page.getByRole('button', { name: 'Undo', exact: true })).toBeVisible();
      await at('conversation closed, undo offered');

      // Back to the list: the back link is just before the heading.
      await page.keyboard.press('Shift+Tab');
      const back = page.getByRole('link', { name: 'All conversations' });
      await expect(back).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/inbox\?status=active$/);
      // The closed conversation left "All active"; focus is on the row that took its place.
      await expect(row(page, name)).toHaveCount(0);
      await expect(conversations(page).getByRole('link').first()).toBeFocused();
      await at('back to the list');

      await expect
        .poll(() => stored(sim, id))
        .toMatchObject({
          status: 'closed',
          handoff_state: 'human',
          assigned_to: accounts.staff2.storeUserId,
        });
      expect((await sim.deliveries(id)).filter((delivery) => delivery.content === text)).toHaveLength(1);
    });
  }

  test('side by side (1280 px): Escape leaves the reply box for the open row; g then m switches views', async ({
    sim,
    pageAs,
  }) => {
    const name = 'Kai Wide';
    await newConversation(sim, name);
    const page = await pageAs('staff', { viewport: { width: 1280, height: 800 } });
    await page.goto('/inbox?status=active');
    await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeFocused();
    // The list comes from the BFF's read model, which learns of a new conversation within a second or so.
    await expect(row(page, name)).toBeVisible();
    await expect(conversations(page).getByRole('listitem').first()).toContainText(name);
    await page.keyboard.press('j');
    await expect(row(page, name).getByRole('link')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
    // Side by side, focus stays in the list, ready for the next key.
    await expect(row(page, name).getByRole('link')).toBeFocused();
    await page.keyboard.press('r');
    await expect(page.getByRole('textbox', { name: `Reply to ${name}` })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(row(page, name).getByRole('link')).toBeFocused();

    await page.keyboard.press('g');
    await page.keyboard.press('m');
    await expect(page).toHaveURL(/assigned_to=me/);
    await expect(page.getByRole('link', { name: 'Mine', exact: true })).toBeFocused();
    await expect(page.getByRole('link', { name: 'Mine', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await page.keyboard.press('g');
    await page.keyboard.press('n');
    await expect(page.getByRole('link', { name: /Needs a person/ })).toHaveAttribute('aria-current', 'page');

    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const label of [
      'Write a reply',
      'Write an internal note',
      'Leave the reply or note box',
      'Assign to someone',
      'Go to Mine',
    ]) {
      await expect(sheet).toContainText(label);
    }
    await expectNoAxeViolations(page, 'shortcuts sheet at 1280 px');
  });

  test('the header’s one action keeps focus as it changes; its menu opens by keyboard and Escape hands focus back', async ({
    sim,
    pageAs,
  }) => {
    const name = 'Kai Buttons';
    const id = await newConversation(sim, name);
    const page = await pageAs('staff', { viewport: { width: 1024, height: 768 } });
    await page.goto(`/inbox/${id}?status=active`);
    const region = pane(page, name);
    await region.getByRole('button', { name: 'Take over', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(region).toContainText(`Assigned to ${accounts.staff.name}`);
    await expect(region.getByRole('button', { name: 'Hand back to the bot' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(region.getByRole('button', { name: 'Take over', exact: true })).toBeFocused();

    // The rest of the actions: a menu button (Enter opens it on its first item, Escape closes it).
    const more = region.getByRole('button', { name: 'More actions' });
    await more.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: `Actions for the conversation with ${name}` });
    await expect(menu.getByRole('menuitem').first()).toBeFocused();
    await expect(menu.getByRole('menuitem', { name: 'Take over' })).toHaveCount(0);
    await expect(menu.getByRole('menuitem', { name: 'Unassign' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(more).toBeFocused();
  });
});

test.describe('signing in by keyboard', () => {
  test('focus lands on the main heading, the first row is one key away, and the console stays clean', async ({
    sim: _sim,
    page,
  }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    await page.goto('/sign-in');
    await expect(page.getByRole('main')).toBeVisible();
    await expectNoAxeViolations(page, 'sign-in');
    await signIn(page, 'staff');
    await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeFocused();
    await page.keyboard.press('j');
    await expect(conversations(page).getByRole('link').first()).toBeFocused();
    // The signed-out session check, CSP reports (zod's eval probe) and the like would show here.
    expect(problems).toEqual([]);
  });
});

test.describe('one language', () => {
  test('a German browser sees English dates and numbers throughout', async ({ sim: _sim, pageAs }) => {
    const page = await pageAs('owner', { locale: 'de-DE', timezoneId: 'Europe/Berlin' });
    expect(await page.evaluate(() => navigator.language)).toBe('de-DE');
    // Words and formats German would bring: relative times, month names, date order.
    const german =
      /\b(vor|in) \d+ (Sekunden?|Minuten?|Stunden?|Tag(en)?|Wochen?|Monat(en)?|Jahr(en)?)\b|gestern|heute|morgen|\bUhr\b|\b(Jan|Feb|Mär|Apr|Mai|Jun|Jul|Aug|Sep|Okt|Nov|Dez)\.|\d{1,2}\.\d{1,2}\.\d{4}/i;

    await page.goto('/inbox?status=active');
    const first = conversations(page).getByRole('listitem').first();
    await expect(first).toBeVisible();
    await expect(first.locator('time')).toHaveText(/ago|just now|yesterday|last/);
    await expect(first.locator('time')).toHaveAttribute(
      'title',
      /^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/,
    );
    expect(await page.locator('main').innerText()).not.toMatch(german);

    await first.getByRole('link').click();
    const transcript = page.getByRole('region', { name: 'Transcript' });
    await expect(transcript.getByRole('article').first()).toBeVisible();
    await expect(page.getByText(/^Updated /)).toHaveText(/^Updated (just now|.* ago|yesterday|last .*)$/);
    expect(await page.locator('main').innerText()).not.toMatch(german);

    await page.goto('/integrations');
    await page.getByLabel('Endpoint id').fill('we_demo_erp');
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect(page.getByText('(2 days ago)')).toBeVisible();
    expect(await page.locator('main').innerText()).not.toMatch(german);

    await page.goto('/knowledge');
    await expect(page.getByRole('list', { name: 'Knowledge sources' })).toBeVisible();
    expect(await page.locator('main').innerText()).not.toMatch(german);
  });
});

test.describe('saved replies', () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`at ${viewport.width} px: the screen, its form and delete question, and the picker in the reply box pass axe`, async ({
      sim,
      pageAs,
    }) => {
      test.setTimeout(90_000);
      const at = (page: Page, state: string) =>
        expectNoAxeViolations(page, `${state} at ${viewport.width} px`);
      const owner = await pageAs('owner', { viewport });
      await owner.goto('/saved-replies');
      await expect(owner.getByRole('heading', { name: 'Saved replies', level: 1 })).toBeFocused();
      await owner.getByRole('button', { name: 'New saved reply' }).click();
      const form = owner.getByRole('form', { name: 'New saved reply' });
      await expect(form.getByRole('heading', { name: 'New saved reply' })).toBeFocused();
      await form.getByRole('button', { name: 'Add saved reply' }).click();
      await expect(form.getByText('Give the reply a title.')).toBeVisible();
      await at(owner, 'saved-reply form with its errors');
      const title = `Greeting ${viewport.width}`;
      await form.getByLabel('Title').fill(title);
      await form
        .getByLabel('Text')
        .fill('Hello {{shopper.first_name | "there"}}, this is {{agent.first_name}}.');
      await form.getByRole('button', { name: 'Add saved reply' }).click();
      await expect(owner.getByRole('button', { name: `Edit “${title}”` })).toBeFocused();
      await at(owner, 'saved replies listed');
      await owner.getByRole('button', { name: `Delete “${title}”` }).click();
      const question = owner.getByRole('alertdialog', { name: `Delete “${title}”?` });
      await expect(question.getByRole('button', { name: 'Keep it' })).toBeFocused();
      await at(owner, 'delete question');
      await owner.keyboard.press('Escape');
      await expect(question).toBeHidden();

      const { conversation } = await sim.shopperWrites({
        display_name: `Pia Picker ${viewport.width}`,
        content: 'Hello?',
        escalate: true,
      });
      const staff = await pageAs('staff', { viewport });
      await staff.goto(`/inbox/${conversation.id}`);
      const box = staff.getByRole('textbox', { name: /^Reply to/ });
      await box.click();
      await staff.keyboard.type('/');
      await expect(
        staff.getByRole('listbox', { name: 'Saved replies' }).getByRole('option').first(),
      ).toBeVisible();
      await at(staff, 'picker on /');
      await staff.keyboard.press('Escape');
      await expect(box).toBeFocused();
      await staff.getByRole('button', { name: 'Saved replies' }).click();
      await expect(staff.getByRole('combobox', { name: 'Search saved replies' })).toBeFocused();
      await at(staff, 'picker from its button');
      await staff.keyboard.press('Escape');
      await expect(box).toBeFocused();

      // Read-only for staff.
      await staff.goto('/saved-replies');
      await expect(
        staff.getByRole('list', { name: 'Saved replies' }).getByRole('listitem').filter({ hasText: title }),
      ).toBeVisible();
      await expect(staff.getByRole('button', { name: 'New saved reply' })).toHaveCount(0);
      await at(staff, 'saved replies for staff');
    });
  }
});

test.describe('internal notes', () => {
  test('at 390 px: the Note mode, a note in the transcript and the Mentions view, by keyboard', async ({
    sim,
    pageAs,
  }) => {
    const name = 'Nia Notes';
    const id = await newConversation(sim, name);
    const page = await pageAs('staff2', { viewport: { width: 390, height: 844 } });
    const shots = process.env.NOTES_SHOTS_DIR;
    await page.goto(`/inbox/${id}?status=active`);
    await expect(pane(page, name).getByRole('textbox', { name: `Reply to ${name}` })).toBeVisible();
    if (shots) await page.screenshot({ path: `${shots}/composer-reply-390.png` });
    await page.keyboard.press('n');
    const box = pane(page, name).getByRole('textbox', { name: /^Internal note for your team/ });
    await expect(box).toBeFocused();
    await expectNoAxeViolations(page, 'note mode at 390 px');
    // Mentioning yourself is fine: the note is listed in your Mentions, already read.
    await page.keyboard.type('Sizes run small, @Ale');
    await page.keyboard.press('Enter');
    if (shots) await page.screenshot({ path: `${shots}/composer-note-390.png` });
    await page.keyboard.press('Control+Enter');
    const note = pane(page, name).getByRole('article', { name: /^Internal note by Alex Kim/ });
    await expect(note).toContainText('Sizes run small, @Alex Kim');
    await expectNoAxeViolations(page, 'transcript with a note at 390 px');
    if (shots) await page.screenshot({ path: `${shots}/transcript-with-note-390.png` });

    await page.goto('/inbox?status=active');
    const mentions = page.getByRole('button', { name: 'Mentions', exact: true });
    await mentions.focus();
    await page.keyboard.press('Enter');
    const list = page.getByRole('dialog', { name: 'Mentions' });
    await expect(list).toContainText('Sizes run small');
    await expectNoAxeViolations(page, 'mentions view at 390 px');
    if (shots) await page.screenshot({ path: `${shots}/mentions-390.png` });
    await page.keyboard.press('Escape');
    await expect(mentions).toBeFocused();
  });
});

test.describe('tags', () => {
  test('the tag picker, a list filtered by tag and the tag management pass axe', async ({ sim, pageAs }) => {
    const name = 'Tilde Tags';
    const id = await newConversation(sim, name);
    const page = await pageAs('owner');
    await page.goto(`/inbox/${id}?status=any`);
    await page.getByRole('heading', { name, level: 2 }).click();
    await page.keyboard.press('l');
    const picker = page.getByRole('dialog', { name: `Tags of the conversation with ${name}` });
    const tagName = `Axe ${Date.now() % 100000}`;
    await picker.getByRole('combobox').fill(tagName);
    await expect(picker.getByRole('option', { name: `Create tag “${tagName}”` })).toBeVisible();
    await expectNoAxeViolations(page, 'tag picker');
    await picker.getByRole('combobox').press('Enter');
    await expect(picker.getByRole('status')).toHaveText(`Added ${tagName}`);
    await picker.getByRole('button', { name: 'Done' }).click();

    const { data } = (await (await page.request.get('/bff/tags', { headers: { 'X-CSRF': '1' } })).json()) as {
      data: { id: string; name: string }[];
    };
    const tag = data.find((candidate) => candidate.name === tagName)!;
    await page.goto(`/inbox?status=any&tag=${tag.id}`);
    await expect(row(page, name)).toContainText(tagName);
    await expectNoAxeViolations(page, 'list filtered by a tag');

    await page.getByRole('button', { name: 'Tags (1)' }).click();
    await page
      .getByRole('dialog', { name: 'Filter by tags' })
      .getByRole('button', { name: 'Manage tags' })
      .click();
    const manage = page.getByRole('dialog', { name: 'Manage tags' });
    await manage.getByRole('button', { name: `Delete the tag ${tagName}` }).click();
    await expect(manage.getByRole('alert')).toContainText('1 conversation carry it');
    await expectNoAxeViolations(page, 'tag management with a delete confirmation');
    await manage.getByRole('button', { name: 'Delete tag' }).click();
    await expect(
      manage.getByText('No tags yet', { exact: false }).or(manage.getByRole('list', { name: 'Tags' })),
    ).toBeVisible();
  });
});

test.describe('snooze', () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`at ${viewport.width} px: the snooze menu, by keyboard, and the Snoozed view pass axe`, async ({
      sim,
      pageAs,
    }) => {
      const shots = process.env.SNOOZE_SHOTS_DIR;
      const name = `Sigrid Snooze ${viewport.width}`;
      const id = await newConversation(sim, name);
      const page = await pageAs('staff');
      await page.setViewportSize(viewport);
      await page.goto(`/inbox/${id}?status=any`);
      await page.getByRole('heading', { name, level: 2 }).click();
      await page.keyboard.press('z');
      const menu = page.getByRole('dialog', { name: `Snooze the conversation with ${name}` });
      await expect(menu.getByRole('button', { name: /In an hour/ })).toBeFocused();
      await expectNoAxeViolations(page, `snooze menu at ${viewport.width} px`);
      if (shots) await page.screenshot({ path: `${shots}/snooze-menu-${viewport.width}.png` });
      // Tomorrow morning, by keyboard alone ("This evening" comes first until 5 PM).
      const evening = await menu.getByRole('button', { name: /This evening/ }).count();
      for (let step = 0; step <= evening; step += 1) await page.keyboard.press('Tab');
      await expect(menu.getByRole('button', { name: /Tomorrow morning/ })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(menu).toBeHidden();
      await expect(page.getByText(/^Snoozed until /).first()).toBeVisible();

      await page.goto('/inbox?status=active&snoozed=only');
      await expect(row(page, name)).toContainText('Snoozed until');
      await expectNoAxeViolations(page, `Snoozed view at ${viewport.width} px`);
      if (shots) await page.screenshot({ path: `${shots}/snoozed-view-${viewport.width}.png` });
    });
  }
});
