import { accounts, storageStatePath, type AccountName } from './fixtures/accounts.ts';
import { expect, signIn, test as setup } from './fixtures/test.ts';

// Signs each demo account in once and keeps its session cookie for the tests that act as that account.
for (const account of Object.keys(accounts) as AccountName[]) {
  setup(`sign in as ${account}`, async ({ page, stack }) => {
    await page.goto('/sign-in');
    await signIn(page, account);
    // The first sign-ins of a freshly started stack wait for its database to open and its people to be
    // read, while the other lane's stack does the same on the same cores.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: 30_000 });
    await page.context().storageState({ path: storageStatePath(account, stack) });
  });
}
