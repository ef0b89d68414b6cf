import { accounts, type AccountName } from './fixtures/accounts.ts';
import { expect, signIn, test } from './fixtures/test.ts';

test.describe('signing in and out', () => {
  for (const account of Object.keys(accounts) as AccountName[]) {
    test(`${account} signs in, sees the shell and signs out`, async ({ page }) => {
      await page.goto('/');
      await expect(page).toHaveURL(/\/sign-in/);
      await signIn(page, account);

      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Inbox' })).toBeVisible();
      await expect(nav.getByRole('link', { name: /Assistant/ })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Knowledge' })).toBeVisible();
      // Integrations are the owner's business only.
      await expect(nav.getByRole('link', { name: 'Integrations' })).toHaveCount(accounts[account].role === 'owner' ? 1 : 0);
      await expect(page.getByText(accounts[account].name).first()).toBeVisible();

      await page.getByRole('button', { name: /account menu/i }).click();
      await page.getByRole('menuitem', { name: 'Sign out' }).click();
      await expect(page).toHaveURL(/\/sign-in/);

      // The session is gone on the server too: going back does not bring the dashboard.
      await page.goto('/inbox');
      await expect(page).toHaveURL(/\/sign-in/);
    });
  }

  test('a wrong password shows an error and keeps the email', async ({ page }) => {
    await page.goto('/sign-in');
    await page.getByLabel('Email').fill(accounts.owner.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText(/email or password/i);
    await expect(page.getByLabel('Email')).toHaveValue(accounts.owner.email);
    await expect(page).toHaveURL(/\/sign-in/);
  });

  test('an unknown page says so and leads home', async ({ pageAs }) => {
    const page = await pageAs('owner');
    await page.goto('/no-such-screen');
    await expect(page.getByRole('heading', { name: /not found/i })).toBeVisible();
    await page.getByRole('link', { name: /inbox|home/i }).first().click();
    await expect(page).toHaveURL(/\/inbox/);
  });
});
