import { expect, test } from './fixtures/test.ts';
import { modelSettled } from './fixtures/inbox-model.ts';
for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
  test(`shots ${viewport.width}`, async ({ sim, pageAs, stack }) => {
    const { conversation } = await sim.shopperWrites({ display_name: `Wendy Woken ${viewport.width}`, content: 'Back later', escalate: true });
    const page = await pageAs('staff');
    await page.setViewportSize(viewport);
    await page.goto('/inbox');
    await modelSettled(page, sim);
    const put = await page.request.put(`/bff/conversations/${conversation.id}/snooze`, { headers: { 'X-CSRF': '1', Origin: stack.baseURL }, data: { until: null } });
    expect(put.status(), await put.text()).toBe(200);
    await page.goto('/inbox?status=active&snoozed=only');
    await expect(page.getByText('Snoozed until a reply').first()).toBeVisible();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/shots-snooze/snoozed-list-${viewport.width}.png` });
    await page.goto(`/inbox?status=active&handoff_state=human&sort=newest`);
    await sim.shopperWrites({ conversation_id: conversation.id, content: 'OK, two please' });
    await expect(page.getByText('Shopper replied').first()).toBeVisible({ timeout: 15000 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `/tmp/shots-snooze/woken-${viewport.width}.png` });
    await page.goto(`/inbox/${conversation.id}?status=active&handoff_state=human`);
    await expect(page.getByText(/snoozed it until the shopper writes/)).toBeVisible();
    await page.screenshot({ path: `/tmp/shots-snooze/pane-history-${viewport.width}.png` });
  });
}
