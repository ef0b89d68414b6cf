import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { AgentConfig } from '../src/schemas/agent-config.ts';
import type { ConfigVersion } from '../src/schemas/config-versions.ts';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { expect, test } from './fixtures/test.ts';

const SHOTS = process.env.SHOTS_DIR;

/** The versions the dashboard keeps, newest first, as the BFF answers them to this page's person. */
async function keptVersions(page: Page): Promise<ConfigVersion[]> {
  const response = await page.request.get('/bff/config-versions?limit=100', { headers: { 'x-csrf': '1' } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: ConfigVersion[] }).data;
}

/** A save made outside the dashboard: straight to the store with its key, as another tool would. */
async function saveOutside(request: APIRequestContext, simulatorURL: string, changes: Partial<AgentConfig>) {
  const auth = { authorization: 'Bearer sk_test_demo_owner' };
  const current = await request.get(`${simulatorURL}/api/v1/agent-config`, { headers: auth });
  const { updated_at, ...settings } = ((await current.json()) as { data: AgentConfig }).data;
  const saved = await request.put(`${simulatorURL}/api/v1/agent-config`, {
    headers: { ...auth, 'idempotency-key': crypto.randomUUID() },
    data: { ...settings, ...changes, expected_updated_at: updated_at },
  });
  expect(saved.status()).toBe(200);
}

async function openAssistant(page: Page) {
  await page.goto('/assistant');
  await expect(page.getByRole('form', { name: 'Assistant settings' })).toBeVisible();
}

async function saveGreeting(page: Page, text: string) {
  await page.getByLabel('Greeting', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('region', { name: 'Unsaved changes' })).toBeHidden();
  await expect(page.getByLabel('Greeting', { exact: true })).toHaveValue(text);
}

async function openHistory(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Version history' }).click();
  const dialog = page.getByRole('dialog', { name: 'Version history' });
  await expect(dialog.getByRole('region', { name: 'Versions', exact: true })).toBeVisible();
  return dialog;
}

const versionRows = (dialog: Locator) =>
  dialog.getByRole('region', { name: 'Versions', exact: true }).getByRole('listitem');
const differing = (dialog: Locator, field: string) =>
  dialog
    .getByRole('list', { name: 'Settings that differ' })
    .getByRole('listitem')
    .filter({ has: dialog.page().getByRole('heading', { name: field, exact: true }) });

test.describe('versions of the assistant settings', () => {
  test('the owner saves the greeting twice, compares the two versions, restores the first and saves it', async ({
    sim,
    pageAs,
  }) => {
    const page = await pageAs('owner', { viewport: { width: 1280, height: 800 } });
    await openAssistant(page);
    // The dashboard's database outlives the simulator's reset: count what this test adds.
    const before = (await keptVersions(page)).length;
    const stamp = Date.now();
    const first = `Welcome to Fjell & Fern (${stamp})`;
    const second = `Hi there, how can I help? (${stamp})`;
    await saveGreeting(page, first);
    await saveGreeting(page, second);

    const dialog = await openHistory(page);
    await expect(versionRows(dialog).first()).toContainText('Current');
    await expect(versionRows(dialog).first()).toContainText('Saved by Morgan Lee');
    // The newest two are compared by default; choosing them by hand says the same.
    await versionRows(dialog).first().getByRole('button', { name: 'Compare with the one before' }).click();
    await expect(dialog.getByRole('heading', { name: 'Compare two versions' })).toBeFocused();
    await expect(dialog.getByText('1 setting differs')).toBeVisible();
    const greetingDiff = differing(dialog, 'Greeting');
    await expect(greetingDiff.getByRole('definition').first()).toHaveText(first);
    await expect(greetingDiff.getByRole('definition').last()).toHaveText(second);
    await expectNoAxeViolations(page, 'version history, two versions compared');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/version-history-1280.png` });

    await versionRows(dialog).nth(1).getByRole('button', { name: 'Restore this version' }).click();
    await expect(dialog).toBeHidden();
    // Focus goes back to what opened the history, and the form holds the first version, unsaved.
    await expect(page.getByRole('button', { name: 'Version history' })).toBeFocused();
    await expect(page.getByLabel('Greeting', { exact: true })).toHaveValue(first);
    await expect(page.getByRole('status').filter({ hasText: 'A past version is in the form' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Unsaved changes' })).toContainText('1 setting changed');
    await expectNoAxeViolations(page, 'a version restored into the form');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/version-restored-1280.png` });

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('region', { name: 'Unsaved changes' })).toBeHidden();
    const { data: stored } = await sim.api<{ data: AgentConfig }>('/api/v1/agent-config');
    expect(stored.greeting).toBe(first);

    const kept = await keptVersions(page);
    expect(kept).toHaveLength(before + 3);
    expect(kept.slice(0, 3).map((v) => [v.config.greeting, v.source, v.actor_name])).toEqual([
      [first, 'dashboard', 'Morgan Lee'],
      [second, 'dashboard', 'Morgan Lee'],
      [first, 'dashboard', 'Morgan Lee'],
    ]);
    expect(kept[0]!.version).toBe(stored.updated_at);
    const reopened = await openHistory(page);
    await expect(versionRows(reopened)).toHaveCount(before + 3);
    await expect(versionRows(reopened).first()).toContainText('Current');
  });

  test('at phone width, staff compare a change made outside the dashboard and cannot restore', async ({
    sim,
    pageAs,
    request,
    stack,
  }) => {
    const owner = await pageAs('owner');
    await openAssistant(owner);
    const stamp = Date.now();
    await saveGreeting(owner, `Hello from the dashboard (${stamp})`);
    await saveOutside(request, stack.simulatorURL, {
      greeting: `Hello from another tool (${stamp})`,
      skill_add_to_cart: false,
    });

    const page = await pageAs('staff', { viewport: { width: 390, height: 844 } });
    await openAssistant(page); // this read of the settings is how the dashboard learns of the change
    await expect(page.getByLabel('Greeting', { exact: true })).toHaveValue(
      `Hello from another tool (${stamp})`,
    );
    const dialog = await openHistory(page);
    const newest = versionRows(dialog).first();
    await expect(newest).toContainText('Outside the dashboard');
    await expect(newest).toContainText('Saved by another tool');
    await expect(dialog.getByText('You can compare versions, not restore them')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Restore this version' })).toHaveCount(0);

    // Any two: by keyboard, choose the versions in the selects.
    const options = await dialog.getByLabel('From').locator('option').allTextContents();
    expect(options.length).toBeGreaterThanOrEqual(2);
    await dialog.getByLabel('From').selectOption({ index: 1 });
    await dialog.getByLabel('To').selectOption({ index: 0 });
    await expect(dialog.getByText('2 settings differ')).toBeVisible();
    await expect(differing(dialog, 'Cart').getByRole('definition').first()).toHaveText('On');
    await expect(differing(dialog, 'Cart').getByRole('definition').last()).toHaveText('Off');
    await expectNoAxeViolations(page, 'version history as staff at 390 px');
    if (SHOTS) {
      await page.screenshot({ path: `${SHOTS}/version-history-390.png` });
      await differing(dialog, 'Greeting').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/version-history-390-diff.png` });
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Version history' })).toBeFocused();
    expect((await sim.api<{ data: AgentConfig }>('/api/v1/agent-config')).data.skill_add_to_cart).toBe(false);
  });
});
