import { expect, test } from './fixtures/test.ts';
for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
  test(`shots ${viewport.width}`, async ({ sim: _sim, pageAs }) => {
    for (const role of ['staff', 'owner'] as const) {
      const page = await pageAs(role);
      await page.setViewportSize(viewport);
      await page.goto('/inbox');
      await expect(page.getByRole('list', { name: 'Conversations' })).toBeVisible();
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `/tmp/shots-snooze/inbox-${role}-${viewport.width}.png` });
    }
  });
}
