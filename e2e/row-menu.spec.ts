import { modelSettled } from './fixtures/inbox-model.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * The inbox's overlays are fetched when first opened (first-load budget): by keyboard they must still open on
 * their first control and hand focus back to what opened them, at desktop and phone widths.
 */
for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`at ${viewport.width} px: a row's menu and the dialogs it and ? open take and give back focus by keyboard`, async ({
    pageAs,
    sim,
  }) => {
    const page = await pageAs('staff', { viewport });
    // From the seed, listed by a model that has caught up with it: rows an earlier test left behind,
    // replaced while the keys are pressed, would take the focused button away with them.
    await page.goto('/inbox?status=active');
    await modelSettled(page, sim);
    await page.reload();
    const trigger = page
      .getByRole('list', { name: 'Conversations' })
      .getByRole('button', { name: /^Actions for the conversation with / })
      .first();
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitem').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');

    await page.keyboard.press('Enter');
    // Every opening, not only the first (once the menu's code is loaded), lands on the first item.
    await expect(menu.getByRole('menuitem').first()).toBeFocused();
    // Arrows move through the items (the menu lists 3 to 5 of them).
    const assignTo = menu.getByRole('menuitem', { name: 'Assign to…' });
    for (
      let step = 0;
      step < 5 && !(await assignTo.evaluate((item) => item === document.activeElement));
      step++
    ) {
      await page.keyboard.press('ArrowDown');
    }
    await expect(assignTo).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Assign' });
    await expect(dialog.getByRole('combobox', { name: 'Assign to' })).toBeFocused();
    // One control to choose with: no second list of people beside it.
    await expect(dialog.getByRole('combobox')).toHaveCount(1);
    await expect(dialog.getByRole('list')).toHaveCount(0);
    await expect(dialog.getByRole('listbox')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();

    await page.keyboard.press('?');
    const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await expect(sheet).toBeVisible();
    await expect(sheet).toContainText('Show these shortcuts');
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(trigger).toBeFocused();
  });
}
