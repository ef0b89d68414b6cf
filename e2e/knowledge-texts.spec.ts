import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { expect, test } from './fixtures/test.ts';

const SHOTS = process.env.SHOTS_DIR;

type SourceList = { data: { id: string; title: string; chunk_count: number }[] };

const sourceRow = (page: Page, title: string) =>
  page
    .getByRole('list', { name: 'Knowledge sources' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });

async function addFaq(page: Page, title: string, text: string) {
  const form = page.getByRole('form', { name: 'Add a knowledge source' });
  await form.locator('label').filter({ hasText: 'FAQ' }).first().click();
  await form.getByLabel('Title', { exact: true }).fill(title);
  await form.getByLabel('Text', { exact: true }).fill(text);
  await form.getByRole('button', { name: 'Add source' }).click();
  await expect(sourceRow(page, title)).toBeVisible();
}

test.describe('knowledge texts kept by the dashboard', () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`at ${viewport.width} px an owner reads a source's text again and adds an edited copy as a new source`, async ({
      sim,
      pageAs,
    }) => {
      const page = await pageAs('owner', { viewport });
      const title = `Returns ${viewport.width} ${Date.now()}`;
      await page.goto('/knowledge');
      await expect(page.getByText(/has no way to replace or delete a source/)).toBeVisible();
      await page.getByRole('button', { name: 'Add a source' }).first().click();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/knowledge-form-${viewport.width}.png` });
      await addFaq(page, title, 'Q: Can I return shoes?\nA: Within 30 days.');

      const row = sourceRow(page, title);
      await row.getByRole('button', { name: `Read the text of “${title}”` }).click();
      const text = row.getByLabel(`Text of “${title}”`, { exact: true });
      await expect(text).toHaveText('Q: Can I return shoes?\nA: Within 30 days.');
      await expect(row.getByText('Added by Morgan Lee')).toBeVisible();
      await expectNoAxeViolations(page, `knowledge, a kept text open at ${viewport.width} px`);
      if (SHOTS) {
        await row.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/knowledge-text-${viewport.width}.png` });
      }

      await row.getByRole('button', { name: 'Add an edited copy' }).click();
      const form = page.getByRole('form', { name: 'Add a knowledge source' });
      await expect(form.getByRole('heading', { name: 'Add a knowledge source' })).toBeFocused();
      await expect(form.getByLabel('Text', { exact: true })).toHaveValue(
        'Q: Can I return shoes?\nA: Within 30 days.',
      );
      const edited = `${title} (edited)`;
      await form.getByLabel('Title', { exact: true }).fill(edited);
      await form
        .getByLabel('Text', { exact: true })
        .fill('Q: Can I return shoes?\nA: Within 60 days, unworn.');
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/knowledge-edited-copy-${viewport.width}.png` });
      await form.getByRole('button', { name: 'Add source' }).click();
      await expect(sourceRow(page, edited)).toBeVisible();

      // Both are sources of the store; the new one keeps its own text.
      const { data } = await sim.api<SourceList>('/api/v1/agent-knowledge-sources?limit=100');
      expect(data.filter((source) => source.title.startsWith(title)).map((source) => source.title)).toEqual([
        edited,
        title,
      ]);
      await sourceRow(page, edited)
        .getByRole('button', { name: /Read the text/ })
        .click();
      await expect(sourceRow(page, edited).getByLabel(`Text of “${edited}”`, { exact: true })).toHaveText(
        'Q: Can I return shoes?\nA: Within 60 days, unworn.',
      );
    });
  }
});
