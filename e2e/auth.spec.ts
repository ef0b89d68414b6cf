import { accounts, type AccountName } from './fixtures/accounts.ts';
import { expect, signIn, test } from './fixtures/test.ts';
import { expectNoAxeViolations } from './fixtures/axe.ts';

test.describe('signing in and out', () => {
  for (const account of Object.keys(accounts) as AccountName[]) {
    test(`${account} signs in, sees the shell and signs out`, async ({ page }) => {
      await page.goto('/');
      await expect(page).toHaveURL(/\/sign-in/);
      await expect(page.getByLabel('Email')).toBeVisible();
      await expectNoAxeViolations(page, 'sign-in');
      await signIn(page, account);

      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Inbox' })).toBeVisible();
      await expect(nav.getByRole('link', { name: /Assistant/ })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'Knowledge' })).toBeVisible();
      // Integrations are the owner's business only.
      await expect(nav.getByRole('link', { name: 'Integrations' })).toHaveCount(
        accounts[account].role === 'owner' ? 1 : 0,
      );
      await expect(page.getByText(accounts[account].name).first()).toBeVisible();
      await expectNoAxeViolations(page, `inbox signed in as ${account}`);

      await page.getByRole('button', { name: /account menu/i }).click();
      await expect(page.getByRole('menuitem', { name: 'Sign out', exact: true })).toBeVisible();
      await expectNoAxeViolations(page, 'account menu open');
      await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
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
    await expectNoAxeViolations(page, 'sign-in with a wrong-password error');
  });

  test('an unknown page says so and leads home', async ({ pageAs }) => {
    const page = await pageAs('owner');
    await page.goto('/no-such-screen');
    await expect(page.getByRole('heading', { name: /not found/i })).toBeVisible();
    await expectNoAxeViolations(page, 'not found');
    await page
      .getByRole('link', { name: /inbox|home/i })
      .first()
      .click();
    await expect(page).toHaveURL(/\/inbox/);
  });
});

test.describe('a session that ends in the middle of work', () => {
  test('brings the sign-in dialog in place and, after signing in, the page and the edit are as they were', async ({
    sim,
    page,
    stack,
  }) => {
    // Its own session: the test ends it, so it must not be one that other tests share.
    await page.goto('/assistant');
    await signIn(page, 'owner');
    await expect(page.getByRole('form', { name: 'Assistant settings' })).toBeVisible();
    await page.getByLabel('Greeting', { exact: true }).fill('Welcome back to Northwind Outfitters!');

    // The server ends the session (as its idle timeout would) while the page stays open.
    const ended = await page.request.post('/bff/logout', {
      headers: { 'X-CSRF': '1', Origin: stack.baseURL },
    });
    expect(ended.status()).toBe(204);
    // Marks the document so a reload, which would lose in-memory state, is detectable.
    await page.evaluate(() => ((window as unknown as { stillTheSamePage: boolean }).stillTheSamePage = true));

    await page.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(/session/i);
    await expectNoAxeViolations(page, 'session-expired sign-in dialog');
    await dialog.getByLabel('Email').fill(accounts.owner.email);
    await dialog.getByLabel('Password').fill(accounts.owner.password);
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await expect(dialog).toBeHidden();

    // The paused save went through after signing in; the page was never left or reloaded.
    await expect(page.getByText('Assistant settings saved')).toBeVisible();
    await expect(page).toHaveURL(/\/assistant$/);
    expect(
      await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage),
    ).toBe(true);
    await expect(page.getByLabel('Greeting', { exact: true })).toHaveValue(
      'Welcome back to Northwind Outfitters!',
    );
    const { data } = await sim.api<{ data: { greeting: string } }>('/api/v1/agent-config');
    expect(data.greeting).toBe('Welcome back to Northwind Outfitters!');
  });
});
