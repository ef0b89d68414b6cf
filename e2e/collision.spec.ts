import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import type { SimulatorControl } from './fixtures/simulator.ts';
import { expect, test } from './fixtures/test.ts';

// Collision: two staff answering the same shopper are told about each other before a reply
// goes out twice.

const SHOPPER = 'Ines Duarte';
const pane = (page: Page) => page.getByRole('region', { name: SHOPPER, exact: true });
const replyBox = (page: Page) => pane(page).getByRole('textbox', { name: /reply/i });
const transcript = (page: Page) => pane(page).getByRole('region', { name: 'Transcript' });

async function openTogether(sim: SimulatorControl, pageAs: (name: 'staff' | 'staff2') => Promise<Page>) {
  const { conversation } = await sim.shopperWrites({
    display_name: SHOPPER,
    email: 'ines.duarte@example.com',
    content: 'My order never arrived, can a person help?',
    escalate: true,
  });
  const sam = await pageAs('staff');
  const alex = await pageAs('staff2');
  for (const page of [sam, alex]) {
    await page.goto(`/inbox/${conversation.id}`);
    await expect(replyBox(page)).toBeVisible();
  }
  await expect(pane(sam)).toContainText('Alex Kim (available) is viewing');
  await expect(pane(alex)).toContainText('Sam Rivera (available) is viewing');
  return { sam, alex, id: conversation.id };
}

async function deliveredCount(sim: SimulatorControl, id: string, content: string): Promise<number> {
  return (await sim.deliveries(id)).filter((delivery) => delivery.content === content).length;
}

test.describe('collision warning', () => {
  test('staff2 types, staff1 sees "replying", and staff1’s send asks first; Send anyway delivers once', async ({
    sim,
    pageAs,
  }) => {
    const { sam, alex, id } = await openTogether(sim, pageAs);

    await replyBox(alex).fill('Let me check the parcel tracking for you.');
    await expect(pane(sam)).toContainText('Alex Kim (available) is replying');
    await expectNoAxeViolations(sam, 'conversation header, a teammate replying');

    const text = 'A new parcel leaves today, with tracking by email.';
    await replyBox(sam).fill(text);
    await pane(sam).getByRole('button', { name: 'Send', exact: true }).click();

    const dialog = sam.getByRole('alertdialog', { name: 'Alex Kim is replying right now: send anyway?' });
    await expect(dialog).toBeVisible();
    // The safe answer has focus; nothing left yet.
    await expect(dialog.getByRole('button', { name: 'Keep editing' })).toBeFocused();
    await expectNoAxeViolations(sam, 'collision question, teammate replying');
    expect(await deliveredCount(sim, id, text)).toBe(0);
    await expect(replyBox(sam)).toHaveValue(text);

    await dialog.getByRole('button', { name: 'Send anyway' }).click();
    await expect(dialog).toBeHidden();
    await expect(transcript(sam).getByText(text)).toHaveCount(1);
    await expect(transcript(alex).getByText(text)).toHaveCount(1);
    await expect.poll(() => deliveredCount(sim, id, text)).toBe(1);
    await expect(replyBox(sam)).toBeFocused();
    await expect(replyBox(sam)).toHaveValue('');
    // Alex's own draft is untouched by Sam's reply.
    await expect(replyBox(alex)).toHaveValue('Let me check the parcel tracking for you.');
  });

  test('a teammate’s reply that arrived after the draft was begun is asked about by keyboard; Keep editing keeps the draft and the next send goes', async ({
    sim,
    pageAs,
  }) => {
    const { sam, alex, id } = await openTogether(sim, pageAs);

    const draft = 'I will send a replacement.';
    await replyBox(sam).fill(draft);
    await expect(pane(alex)).toContainText('Sam Rivera (available) is replying');

    const alexReply = 'Replacement shipped this morning.';
    await replyBox(alex).fill(alexReply);
    await pane(alex).getByRole('button', { name: 'Send', exact: true }).click();
    // Sam is writing too, so Alex is asked first as well.
    await alex
      .getByRole('alertdialog', { name: 'Sam Rivera is replying right now: send anyway?' })
      .getByRole('button', { name: 'Send anyway' })
      .click();
    await expect(transcript(sam).getByText(alexReply)).toBeVisible();
    // Alex is done writing: only the reply itself is left to ask about.
    await expect(pane(sam)).toContainText('Alex Kim (available) is viewing');

    await replyBox(sam).press('Control+Enter');
    const dialog = sam.getByRole('alertdialog', {
      name: /^Alex Kim replied \d+ seconds? ago: send anyway\?$/,
    });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(alexReply);
    await expectNoAxeViolations(sam, 'collision question, teammate replied');

    await sam.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(replyBox(sam)).toBeFocused();
    await expect(replyBox(sam)).toHaveValue(draft);
    expect(await deliveredCount(sim, id, draft)).toBe(0);

    // Seen and kept editing: the same reply is not asked about again.
    await replyBox(sam).press('Control+Enter');
    await expect(transcript(sam).getByText(draft)).toHaveCount(1);
    await expect(sam.getByRole('alertdialog')).toHaveCount(0);
    await expect.poll(() => deliveredCount(sim, id, draft)).toBe(1);
  });
});
