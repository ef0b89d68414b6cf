import type { Page } from '@playwright/test';
import { modelSettled } from './fixtures/inbox-model.ts';
import { expect, test } from './fixtures/test.ts';

// Tags: an owner creates one, a staff member tags two conversations (one from the list in bulk), a
// second browser filters by the tag in the URL and sees exactly those two with the count 2, and a rename
// reaches both rows live. Tags are the dashboard's own: the store never sees them.

const TAG = 'Wholesale';
const SHOPPERS = ['Tove Berg', 'Ivar Holm'] as const;

const conversations = (page: Page) => page.getByRole('list', { name: 'Conversations' });
const row = (page: Page, name: string) => conversations(page).getByRole('listitem').filter({ hasText: name });
const bff = (page: Page, path: string) => page.request.get(path, { headers: { 'X-CSRF': '1' } });

async function tagNamed(page: Page, name: string): Promise<{ id: string } | undefined> {
  const { data } = (await (await bff(page, '/bff/tags')).json()) as { data: { id: string; name: string }[] };
  return data.find((tag) => tag.name === name);
}

test('an owner creates a tag, staff tag two conversations, a second browser filters by it and sees a rename live', async ({
  sim,
  pageAs,
}) => {
  test.setTimeout(90_000);
  const ids: string[] = [];
  for (const name of SHOPPERS) {
    const { conversation } = await sim.shopperWrites({
      display_name: name,
      email: `${name.toLowerCase().replace(' ', '.')}@example.com`,
      content: 'Can I order forty of these for my shop?',
      escalate: true,
    });
    ids.push(conversation.id);
  }

  // The owner creates the tag from the tags dialog (the database outlives the simulator's reset: a tag
  // left by an earlier attempt is removed first).
  const owner = await pageAs('owner');
  await owner.goto('/inbox');
  await modelSettled(owner, sim);
  for (const name of [TAG, `${TAG} EU`]) {
    const left = await tagNamed(owner, name);
    if (left) await owner.request.delete(`/bff/tags/${left.id}`, { headers: { 'X-CSRF': '1' } });
  }
  await owner.getByRole('button', { name: 'Tags', exact: true }).click();
  const tagsDialog = owner.getByRole('dialog', { name: 'Filter by tags' });
  await tagsDialog.getByRole('button', { name: 'Manage tags' }).click();
  const manage = owner.getByRole('dialog', { name: 'Manage tags' });
  await manage.getByLabel('New tag', { exact: true }).fill(TAG);
  await manage.getByRole('button', { name: 'Create' }).click();
  await expect(manage.getByLabel(`Name of the tag ${TAG}`)).toBeVisible();
  const tag = await tagNamed(owner, TAG);
  expect(tag).toBeDefined();

  // Staff: one conversation with the key `l` in its pane, the other from the list in bulk.
  const sam = await pageAs('staff');
  await sam.goto(`/inbox/${ids[0]}?status=active&handoff_state=human`);
  await expect(sam.getByRole('heading', { name: SHOPPERS[0], level: 2 })).toBeVisible();
  await expect(sam.getByRole('button', { name: 'Tags…' })).toBeVisible();
  // Keys act on the open conversation once focus is in it (else on the list's highlighted row).
  await sam.getByRole('heading', { name: SHOPPERS[0], level: 2 }).click();
  await sam.keyboard.press('l');
  const picker = sam.getByRole('dialog', { name: `Tags of the conversation with ${SHOPPERS[0]}` });
  await picker.getByRole('combobox').fill('whole');
  await expect(picker.getByRole('option', { name: TAG })).toBeVisible();
  await picker.getByRole('combobox').press('Enter');
  await expect(picker.getByRole('status')).toHaveText(`Added ${TAG}`);
  await expect(picker.getByRole('option', { name: TAG })).toHaveAttribute('aria-selected', 'true');
  await picker.getByRole('button', { name: 'Done' }).click();

  // The list is long (and drawn only where it scrolls to): a search brings the second shopper up.
  await sam.goto(`/inbox?status=active&handoff_state=human&q=${encodeURIComponent(SHOPPERS[1])}`);
  await row(sam, SHOPPERS[1]).getByRole('checkbox').check();
  await sam.getByRole('group', { name: 'Bulk actions' }).getByRole('button', { name: 'Tag…' }).click();
  const bulk = sam.getByRole('dialog', { name: 'Tags of the conversation with Ivar Holm' });
  await bulk.getByRole('option', { name: TAG }).click();
  await expect(bulk.getByRole('status')).toHaveText(`Added ${TAG}`);
  await bulk.getByRole('button', { name: 'Done' }).click();
  await expect(row(sam, SHOPPERS[1])).toContainText(TAG);

  // A second browser: the tag filter in the URL lists exactly those two, and the filter counts 2.
  const alex = await pageAs('staff2');
  await alex.goto(`/inbox?status=active&handoff_state=human&tag=${tag!.id}`);
  await expect(conversations(alex).getByRole('listitem')).toHaveCount(2);
  for (const name of SHOPPERS) await expect(row(alex, name)).toContainText(TAG);
  await alex.getByRole('button', { name: 'Tags (1)' }).click();
  const filter = alex.getByRole('dialog', { name: 'Filter by tags' });
  await expect(filter.getByRole('checkbox', { name: new RegExp(TAG) })).toBeChecked();
  await expect(filter.getByText('2 conversations')).toBeVisible();
  await filter.getByRole('button', { name: 'Done' }).click();

  // The owner renames it: both rows in the second browser show the new name without a reload.
  await manage.getByLabel(`Name of the tag ${TAG}`).fill(`${TAG} EU`);
  await manage.getByRole('button', { name: 'Rename' }).click();
  for (const name of SHOPPERS) await expect(row(alex, name)).toContainText(`${TAG} EU`);
  await expect(conversations(alex).getByRole('listitem')).toHaveCount(2);

  // The history of the conversation tagged from its pane says who tagged it.
  await alex.goto(`/inbox/${ids[0]}?status=active&handoff_state=human&tag=${tag!.id}`);
  await expect(alex.getByText(`Sam Rivera tagged it “${TAG}”`)).toBeVisible();
});
