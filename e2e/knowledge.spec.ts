import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { expectNoAxeViolations } from './fixtures/axe.ts';

type Source = { id: string; title: string; kind: string; chunk_count: number };
type SourceList = { data: Source[] };

const FAQ_TEXT = [
  'Q: Do you ship to Norway?',
  'A: Yes, in 3 to 5 working days.',
  '',
  'Q: Is shipping free?',
  'A: From 80 euros.',
  '',
  'Q: Can I return a gift?',
  'A: Yes, within 30 days with the gift receipt.',
].join('\n');

async function openForm(page: Page) {
  await page.goto('/knowledge');
  await page.getByRole('button', { name: 'Add a source' }).click();
  return page.getByRole('form', { name: 'Add a knowledge source' });
}

/** A react-aria radio: its input is visually hidden inside the label a person clicks. */
async function choose(scope: Page | Locator, name: string) {
  const radio = scope.getByRole('radio', { name, exact: true });
  // A `has` locator is matched inside the outer one, so it is built from the page, not from `scope`.
  const page = 'goto' in scope ? scope : scope.page();
  await scope
    .locator('label')
    .filter({ has: page.getByRole('radio', { name, exact: true }) })
    .click();
  await expect(radio).toBeChecked();
}

function sourcesList(page: Page) {
  return page.getByRole('list', { name: 'Knowledge sources' });
}

test.describe('knowledge sources', () => {
  test('an owner adds an FAQ from a file and sees it in the list with its chunk count', async ({
    sim,
    pageAs,
  }) => {
    const page = await pageAs('owner');
    const form = await openForm(page);
    await choose(form, 'FAQ');
    await expectNoAxeViolations(page, 'knowledge, add-source form');
    await form.getByLabel('Load text from a file').setInputFiles({
      name: 'Nordic shipping.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from(FAQ_TEXT, 'utf8'),
    });
    await expect(form.getByLabel('Text', { exact: true })).toHaveValue(FAQ_TEXT);
    await expect(form.getByLabel('Title', { exact: true })).toHaveValue('Nordic shipping');
    await form.getByRole('button', { name: 'Add source' }).click();

    await expect(page.getByText('“Nordic shipping” was added')).toBeVisible();
    await expect(page.getByText('3 chunks: the assistant can answer from it now.')).toBeVisible();
    const row = sourcesList(page).getByRole('listitem').filter({ hasText: 'Nordic shipping' });
    await expect(row).toContainText('FAQ');
    await expect(row.getByRole('definition').filter({ hasText: /^3$/ })).toBeVisible();
    await expect(form.getByLabel('Title', { exact: true })).toHaveValue('');
    await expectNoAxeViolations(page, 'knowledge, source added');

    const stored = await sim.api<SourceList>('/api/v1/agent-knowledge-sources?limit=100');
    expect(stored.data.filter((source) => source.title === 'Nordic shipping')).toEqual([
      expect.objectContaining({ kind: 'faq', chunk_count: 3 }),
    ]);
  });

  test('a document with nothing usable is flagged with 0 chunks and how to fix it', async ({ pageAs }) => {
    const page = await pageAs('owner');
    const form = await openForm(page);
    await choose(form, 'Document');
    await form.getByLabel('Title', { exact: true }).fill('SKU table');
    await form.getByLabel('Text', { exact: true }).fill('1001 | 24.90\n1002 | 19.50\n---\n1003 | 5.00');
    await form.getByRole('button', { name: 'Add source' }).click();

    await expect(page.getByText('“SKU table” was added, but nothing usable was found in it')).toBeVisible();
    const row = sourcesList(page).getByRole('listitem').filter({ hasText: 'SKU table' });
    await expect(row).toContainText('Nothing usable was found in this text');
    await row.getByText('How to fix it').click();
    await expect(row).toContainText('A document needs prose');
    await expectNoAxeViolations(page, 'knowledge, flagged source with help open');
  });

  test('with the store’s AI off the text is kept, and Retry after turning it on adds exactly one source', async ({
    sim,
    pageAs,
  }) => {
    await sim.setAi(false);
    const page = await pageAs('owner');
    const form = await openForm(page);
    await choose(form, 'FAQ');
    await form.getByLabel('Title', { exact: true }).fill('Gift wrapping');
    const text = 'Q: Do you gift wrap?\nA: Yes, for 4 euros per parcel.';
    await form.getByLabel('Text', { exact: true }).fill(text);
    await form.getByRole('button', { name: 'Add source' }).click();

    const alert = form.getByRole('alert');
    await expect(alert).toContainText('The store’s AI features are off');
    await expect(form.getByLabel('Text', { exact: true })).toHaveValue(text);
    await expect(form.getByLabel('Title', { exact: true })).toHaveValue('Gift wrapping');
    await expectNoAxeViolations(page, 'knowledge, AI off error');

    await sim.setAi(true);
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('“Gift wrapping” was added')).toBeVisible();
    await expect(sourcesList(page).getByRole('heading', { name: 'Gift wrapping' })).toHaveCount(1);

    const stored = await sim.api<SourceList>('/api/v1/agent-knowledge-sources?limit=100');
    expect(stored.data.filter((source) => source.title === 'Gift wrapping')).toHaveLength(1);
  });

  test('by keyboard: arrow keys move the kind filter, the add form takes the focus and gives it back', async ({
    sim: _sim,
    pageAs,
  }) => {
    const page = await pageAs('owner');
    await page.goto('/knowledge');
    const all = page.getByRole('radio', { name: 'All', exact: true });
    const faq = page.getByRole('radio', { name: 'FAQ', exact: true });
    await expect(all).toBeChecked();
    await all.focus();
    await page.keyboard.press('ArrowRight');
    await expect(faq).toBeChecked();
    await expect(faq).toBeFocused();
    await expect(page).toHaveURL(/kind=faq/);
    await page.keyboard.press('ArrowLeft');
    await expect(all).toBeChecked();
    await expect(page).not.toHaveURL(/kind=/);

    await page.getByRole('button', { name: 'Add a source' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Add a knowledge source' })).toBeFocused();
    const form = page.getByRole('form', { name: 'Add a knowledge source' });
    await form.getByRole('button', { name: 'Close' }).focus();
    await page.keyboard.press('Enter');
    await expect(form).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add a source' })).toBeFocused();
  });

  test('the kind filter lives in the address; staff see the list read-only', async ({
    sim: _sim,
    pageAs,
  }) => {
    const page = await pageAs('staff');
    await page.goto('/knowledge?kind=faq');
    await expect(page.getByRole('radio', { name: 'FAQ' })).toBeChecked();
    await expect(sourcesList(page).getByRole('heading', { name: 'Gift cards' })).toBeVisible();
    await expect(sourcesList(page).getByRole('heading', { name: 'Our story and sourcing' })).toHaveCount(0);
    await expect(page.getByText('only a store owner can add knowledge sources')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add a source' })).toHaveCount(0);
    await expectNoAxeViolations(page, 'knowledge read-only for staff');

    await choose(page, 'Doc');
    await expect(page).toHaveURL(/kind=doc/);
    await expect(sourcesList(page).getByRole('heading', { name: 'Our story and sourcing' })).toBeVisible();
  });
});
