import { expect, signIn, test } from './fixtures/test.ts';

// The account menu's trigger is a native button and its menu loads on first use (first-load budget): the keys
// and focus moves of react-aria's MenuTrigger must all still be there.
test.describe('account menu from the keyboard', () => {
  test('Space and ArrowDown open it on the first item, ArrowUp on the last; Escape returns focus to it', async ({
    page,
  }) => {
    await page.goto('/');
    await signIn(page, 'owner');
    const trigger = page.getByRole('button', { name: /account menu/i });
    await expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    await trigger.focus();

    await page.keyboard.press('Space');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('menuitem', { name: /^Available/ })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: /^Away/ })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitemradio', { name: 'Ask me each time' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(trigger).toBeFocused();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');

    await page.keyboard.press('ArrowUp');
    await expect(page.getByRole('menuitem', { name: 'Sign out everywhere' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(trigger).toBeFocused();

    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: /^Available/ })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(trigger).toBeFocused();
  });

  test('a click opens it; "Sign out everywhere" then Escape returns focus to the trigger', async ({
    page,
  }) => {
    await page.goto('/');
    await signIn(page, 'owner');
    const trigger = page.getByRole('button', { name: /account menu/i });
    await trigger.click();
    await page.getByRole('menuitem', { name: 'Sign out everywhere' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Sign out everywhere?' });
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(trigger).toBeFocused();
  });
});
