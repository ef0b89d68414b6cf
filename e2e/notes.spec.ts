import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { modelSettled, newConversation } from './fixtures/inbox-model.ts';
import { expect, test } from './fixtures/test.ts';

// Internal notes: written in one dashboard with an @mention, shown live in the teammate's, listed in
// their Mentions, never sent to the store, and still there after a reload. That they survive a BFF
// restart is shown by src/server/notes/note-routes.test.ts (a PGlite data directory opened twice): the e2e
// stack runs the demo's in-memory database.

const SHOPPER = 'Nora Notes';
const NOTE = 'She wants the blue one in size 38, @Alex Kim can you check the stock?';
const pane = (page: Page) => page.getByRole('region', { name: SHOPPER, exact: true });
const transcript = (page: Page) => pane(page).getByRole('region', { name: 'Transcript' });
const noteIn = (page: Page) =>
  transcript(page).getByRole('article', { name: /^Internal note by Sam Rivera/ });
const shots = process.env.NOTES_SHOTS_DIR;

test('a note mentioning a teammate reaches them live, stays internal and survives a reload', async ({
  sim,
  pageAs,
}) => {
  test.setTimeout(90_000);
  const alex = await pageAs('staff2');
  await alex.goto('/inbox?status=active');
  await modelSettled(alex, sim);
  const id = await newConversation(sim, SHOPPER);
  await alex.goto(`/inbox/${id}?status=active`);
  await expect(transcript(alex)).toContainText('do you ship to Norway');

  const sam = await pageAs('staff');
  await sam.goto(`/inbox/${id}?status=active`);
  await expect(transcript(sam)).toContainText('do you ship to Norway');
  await sim.clearRequests();

  // `n` switches the composer to Note; `@Ale` offers Alex Kim, Enter picks them.
  await sam.keyboard.press('n');
  const box = pane(sam).getByRole('textbox', { name: /^Internal note for your team/ });
  await expect(box).toBeFocused();
  await expect(pane(sam).getByText('Internal note · only your team sees this')).toBeVisible();
  await box.pressSequentially('She wants the blue one in size 38, @Ale');
  await expect(
    sam.getByRole('listbox', { name: 'Mention a teammate' }).getByRole('option', { name: 'Alex Kim' }),
  ).toBeVisible();
  await expectNoAxeViolations(sam, 'note composer with the mention list');
  if (shots) await sam.screenshot({ path: `${shots}/mention-list-1280.png` });
  await sam.keyboard.press('Enter');
  await box.pressSequentially('can you check the stock?');
  await expect(box).toHaveValue(NOTE);
  await sam.keyboard.press('Control+Enter');
  await expect(noteIn(sam)).toContainText(NOTE);
  await expect(box).toHaveValue('');

  // Alex's open dashboard: the toast, the note in the transcript, the Mentions list.
  await expect(alex.getByText('Sam Rivera mentioned you in a note')).toBeVisible();
  await expect(noteIn(alex)).toContainText(NOTE);
  await expect(noteIn(alex)).toContainText('Internal note · only your team sees this');
  const mentions = alex.getByRole('button', { name: /^Mentions\s?1 unread$/ });
  await expect(mentions).toBeVisible();
  await expectNoAxeViolations(alex, 'transcript with a note');
  if (shots) await alex.screenshot({ path: `${shots}/transcript-with-note-1280.png` });
  await mentions.click();
  const list = alex.getByRole('dialog', { name: 'Mentions' });
  await expect(list.getByRole('button', { name: /Sam Rivera on Nora Notes/ })).toContainText('size 38');
  await expectNoAxeViolations(alex, 'mentions view');
  if (shots) await alex.screenshot({ path: `${shots}/mentions-1280.png` });
  await list.getByRole('button', { name: /Sam Rivera on Nora Notes/ }).click();
  await expect(alex.getByRole('button', { name: 'Mentions', exact: true })).toBeVisible();

  // Nothing of it went to the store: no message written, nothing delivered to the shopper.
  const messagePosts = (await sim.requests()).filter(
    (request) => request.method === 'POST' && request.path.endsWith('/messages'),
  );
  expect(messagePosts).toEqual([]);
  expect(JSON.stringify(await sim.deliveries(id))).not.toContain('size 38');

  // A reload reads it back from the dashboard's database.
  await sam.reload();
  await expect(noteIn(sam)).toContainText(NOTE);
  // The note announces itself: no "wrote an internal note" line above it as well.
  await expect(pane(sam).getByText(/Sam Rivera wrote an internal note/)).toHaveCount(0);
});
