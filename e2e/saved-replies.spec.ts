import type { Page } from '@playwright/test';
import type { SimulatorControl } from './fixtures/simulator.ts';
import { expect, test } from './fixtures/test.ts';

type Message = { content: string; author_user_id: string | null };

const TEXT = 'Hi {{shopper.first_name | "there"}}, orders leave our warehouse within 2 working days.';
const filled = (name: string) => `Hi ${name}, orders leave our warehouse within 2 working days.`;

async function storedReplies(sim: SimulatorControl, id: string): Promise<string[]> {
  const { data } = await sim.api<{ data: Message[] }>(`/api/v1/agent-conversations/${id}/messages?limit=100`);
  return data.filter((message) => message.author_user_id === 'usr_staff1').map((message) => message.content);
}

/** The owner's "Delivery times" reply, gone (the dashboard's database outlives a simulator reset). */
async function deleteDeliveryTimes(owner: Page) {
  await owner.goto('/saved-replies');
  await expect(owner.getByRole('heading', { name: 'Saved replies', level: 1 })).toBeVisible();
  const list = owner.getByRole('main');
  await expect(list.getByText(/No saved replies yet|Not used yet|Used/).first()).toBeVisible();
  const existing = owner.getByRole('button', { name: 'Delete “Delivery times”' });
  if (await existing.isVisible()) {
    await existing.click();
    const confirm = owner.getByRole('alertdialog', { name: 'Delete “Delivery times”?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(existing).toBeHidden();
  }
}

/** The owner adds the "Delivery times" reply on their saved replies screen. */
async function createDeliveryTimes(owner: Page) {
  await owner.getByRole('button', { name: 'New saved reply' }).click();
  const form = owner.getByRole('form', { name: 'New saved reply' });
  await form.getByLabel('Title').fill('Delivery times');
  await form.getByLabel('Shortcut (optional)').fill('deli');
  // A variable that cannot be filled is refused as typed, and on saving.
  await form.getByLabel('Text').fill('Hi {{shoper.name}}, and {{shopper.first_name');
  await expect(form).toContainText('{{shoper.name}} names no known value');
  await form.getByRole('button', { name: 'Add saved reply' }).click();
  await expect(form.getByLabel('Text')).toBeFocused();
  await form.getByLabel('Text').fill(TEXT);
  await expect(form).toContainText(filled('Kari'));
  await form.getByRole('button', { name: 'Add saved reply' }).click();
  await expect(form).toBeHidden();
  const item = owner
    .getByRole('list', { name: 'Saved replies' })
    .getByRole('listitem')
    .filter({ hasText: 'Delivery times' });
  await expect(item).toContainText('/deli');
  await expect(item).toContainText('Not used yet');
  // Focus went to the new reply's Edit button, not to the page.
  await expect(owner.getByRole('button', { name: 'Edit “Delivery times”' })).toBeFocused();
}

/** Staff types `/deli` and Enter in the conversation's reply box; the box then holds `expected`. */
async function insertAndSend(staff: Page, id: string, expected: string) {
  await staff.goto(`/inbox/${id}`);
  const box = staff.getByRole('textbox', { name: /^Reply to/ });
  await box.click();
  await staff.keyboard.type('/deli');
  const option = staff.getByRole('listbox', { name: 'Saved replies' }).getByRole('option');
  await expect(option).toHaveCount(1);
  await expect(option).toContainText('Delivery times');
  await staff.keyboard.press('Enter');
  await expect(box).toHaveValue(expected);
  await expect(box).toBeFocused();
  await staff.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(box).toHaveValue('');
}

test('an owner saves a reply with a variable; staff insert it with /deli for a named and an anonymous shopper, and that text is what the store keeps', async ({
  sim,
  pageAs,
}) => {
  test.setTimeout(90_000);
  const named = await sim.shopperWrites({
    display_name: 'Kari Nordmann',
    email: 'kari.nordmann@example.com',
    content: 'When will my order arrive?',
    escalate: true,
  });
  const anonymous = await sim.shopperWrites({ content: 'How long is delivery?', escalate: true });

  const owner = await pageAs('owner');
  await deleteDeliveryTimes(owner);

  // Staff has the picker open, with nothing to pick, when the owner adds the reply: it shows up there
  // without a reload.
  const staff = await pageAs('staff');
  await staff.goto(`/inbox/${named.conversation.id}`);
  const box = staff.getByRole('textbox', { name: /^Reply to/ });
  await box.click();
  await staff.keyboard.type('/deli');
  const option = staff.getByRole('listbox', { name: 'Saved replies' }).getByRole('option');
  await expect(option).toHaveCount(0);
  await createDeliveryTimes(owner);
  await expect(option).toContainText('Delivery times', { timeout: 5000 });
  await staff.keyboard.press('Enter');
  await expect(box).toHaveValue(filled('Kari'));
  await staff.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(box).toHaveValue('');

  await insertAndSend(staff, anonymous.conversation.id, filled('there'));

  // Stored upstream exactly as the composer held it, and delivered to each shopper.
  await expect.poll(() => storedReplies(sim, named.conversation.id)).toEqual([filled('Kari')]);
  await expect.poll(() => storedReplies(sim, anonymous.conversation.id)).toEqual([filled('there')]);
  const delivered = await sim.deliveries(named.conversation.id);
  expect(delivered.map((delivery) => delivery.content)).toContain(filled('Kari'));

  // The list counts both uses.
  await owner.reload();
  await expect(
    owner
      .getByRole('list', { name: 'Saved replies' })
      .getByRole('listitem')
      .filter({ hasText: 'Delivery times' }),
  ).toContainText('Used 2 times');
});
