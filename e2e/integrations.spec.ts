import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { expectNoAxeViolations } from './fixtures/axe.ts';

// Seed ids (mocks/seed/stores.ts, SEED_IDS): there is no list route for either resource.
const AUTO_DISABLED_ENDPOINT = 'we_demo_erp';
const TEMPLATE = 'ntpl_demo_abandoned_cart';

async function removeTemplate(page: Page, id: string) {
  await page.getByLabel('Template id').fill(id);
  await page.getByRole('button', { name: 'Remove…' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Remove this template?' });
  await expect(dialog).toContainText(id);
  await expectNoAxeViolations(page, 'remove-template confirmation');
  await dialog.getByRole('button', { name: 'Remove template' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('integrations', () => {
  test('the auto-disabled webhook endpoint of the seed shows its state, and survives a reload', async ({
    sim: _sim,
    pageAs,
  }) => {
    const page = await pageAs('owner');
    await page.goto('/integrations');
    await page.getByLabel('Endpoint id').fill(AUTO_DISABLED_ENDPOINT);
    await page.getByRole('button', { name: 'Look up' }).click();

    const details = page.getByRole('article', { name: 'https://erp.example.net/webhooks/inventory' });
    await expect(details.getByText('Auto-disabled', { exact: true })).toBeVisible();
    await expect(details).toContainText('The store stopped sending events to this endpoint');
    await expect(details).toContainText('(2 days ago)');
    await expect(details.getByRole('row', { name: 'inventory/updated read_inventory' })).toBeVisible();
    await expect(page).toHaveURL(/endpoint=we_demo_erp/);
    await expectNoAxeViolations(page, 'integrations, auto-disabled endpoint');

    await page.reload();
    await expect(page.getByLabel('Endpoint id')).toHaveValue(AUTO_DISABLED_ENDPOINT);
    await expect(details.getByText('Auto-disabled', { exact: true })).toBeVisible();
  });

  test('an endpoint looked up is listed after a reload with its label; a removed template leaves the list', async ({
    sim: _sim,
    pageAs,
  }) => {
    const page = await pageAs('owner');
    await page.goto('/integrations');
    await page.getByLabel('Endpoint id').fill('we_demo_orders');
    await page.getByRole('button', { name: 'Look up' }).click();
    const known = page.getByRole('list', { name: 'Integrations the dashboard knows' });
    const entry = known.getByRole('listitem', { name: 'we_demo_orders' });
    await expect(entry).toContainText('Active');
    await entry.getByRole('button', { name: 'Label and note…' }).click();
    await page.getByLabel('Label', { exact: true }).fill('Order sync');
    await page.getByRole('button', { name: 'Save label' }).click();
    const labelled = known.getByRole('listitem', { name: 'Order sync' });
    await expect(labelled.getByRole('button', { name: 'Label and note…' })).toBeFocused();

    await page.goto('/integrations');
    await expect(labelled).toContainText('we_demo_orders');
    await page.getByLabel('Search integrations').fill('order sync');
    await expect(known.getByRole('listitem')).toHaveCount(1);
    await expectNoAxeViolations(page, 'integrations, the list');

    await removeTemplate(page, 'ntpl_demo_back_in_stock');
    await page.getByLabel('Search integrations').fill('');
    await expect(known.getByRole('listitem', { name: 'ntpl_demo_back_in_stock' })).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Removed through the dashboard' })).toContainText(
      /ntpl_demo_back_in_stock removed by Morgan Lee/,
    );
  });

  test('removing a template works once, then says not found', async ({ sim: _sim, pageAs }) => {
    const page = await pageAs('owner');
    await page.goto('/integrations');

    await removeTemplate(page, TEMPLATE);
    await expect(page.getByRole('status').filter({ hasText: 'Template removed' })).toBeVisible();
    await expectNoAxeViolations(page, 'integrations, template removed');

    await removeTemplate(page, TEMPLATE);
    await expect(page.getByRole('alert')).toContainText(
      'No notification template with that id in this store',
    );
    await expectNoAxeViolations(page, 'integrations, template not found');
  });

  test('by keyboard: the confirmation takes the focus, and Escape gives it back to Remove…', async ({
    sim: _sim,
    pageAs,
  }) => {
    const page = await pageAs('owner');
    await page.goto('/integrations');
    await page.getByLabel('Template id').fill(TEMPLATE);
    const remove = page.getByRole('button', { name: 'Remove…' });
    await remove.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Remove this template?' });
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(remove).toBeFocused();
  });

  test('staff are told integrations are for owners', async ({ sim: _sim, pageAs }) => {
    const page = await pageAs('staff');
    await page.goto('/integrations');
    await expect(page.getByText('Only owners manage integrations')).toBeVisible();
    await expect(page.getByLabel('Endpoint id')).toHaveCount(0);
    await expectNoAxeViolations(page, 'integrations for staff');
  });
});
