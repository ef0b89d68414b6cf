import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { startCluster, type Cluster } from './fixtures/replicas.ts';
import { expect, test } from './fixtures/test.ts';

// The team in the dashboard: an invitation signs a new person in once, their own password and second
// factor, removal ending their open page (on a second replica too), and staff kept out of the Team screen.

const PASSWORD = 'a long first password';
const NEW_PASSWORD = 'an even longer second password';
const sessionEnded = (page: Page) => page.getByRole('heading', { name: 'Your session has ended' });

/** The owner invites someone on the Team screen; answers their email and the link the screen shows once. */
async function invite(owner: Page, name: string, role: 'staff' | 'owner' = 'staff') {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@example.com`;
  await owner.goto('/team');
  const form = owner.getByRole('region', { name: 'Invite a person' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Store user').fill(`usr_${Date.now()}`);
  await form.getByLabel('Role').selectOption(role);
  await form.getByRole('button', { name: 'Invite' }).click();
  const link = await owner.getByLabel(/Send this link yourself/).inputValue();
  // From the top, as the screen shows the link: scrolled, the sticky top bar passes over the rows.
  await owner.evaluate(() => window.scrollTo(0, 0));
  await expectNoAxeViolations(owner, 'team screen, invitation link shown');
  return { email, link };
}

async function signInWith(page: Page, email: string, password: string) {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: /account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/sign-in/);
}

async function join(browser: Browser, link: string) {
  const page = await (await browser.newContext()).newPage();
  await page.goto(link);
  await expect(page.getByLabel('Repeat the password')).toBeVisible();
  await expectNoAxeViolations(page, 'invitation page');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Repeat the password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Join and sign in' }).click();
  // A full load of the app once signed in (the password hashed at real cost first).
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: 20_000 });
  return page;
}

test('an invitation signs the person in once; they change their password; removing them signs their page out', async ({
  pageAs,
  browser,
}) => {
  // Two people's pages, three sign-ins and a password change, each scrypt-hashed at real cost.
  test.setTimeout(120_000);
  const owner = await pageAs('owner');
  const { email, link } = await invite(owner, 'Robin Invitee');
  const person = await join(browser, link);

  // The link worked once.
  const again = await (await browser.newContext()).newPage();
  await again.goto(link);
  await expect(again.getByRole('alert')).toContainText('used already');

  // Their own password: the old one stops working.
  await person.goto('/account');
  await person.getByLabel('Current password').fill(PASSWORD);
  await person.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await person.getByLabel('Repeat the new password').fill(NEW_PASSWORD);
  await person.getByRole('button', { name: 'Change password' }).click();
  await expect(person.getByRole('status').filter({ hasText: 'Password changed' })).toBeVisible();
  await signOut(person);
  await signInWith(person, email, PASSWORD);
  await expect(person.getByRole('alert')).toContainText('Wrong email or password');
  await signInWith(person, email, NEW_PASSWORD);
  await expect(person.getByRole('navigation', { name: 'Main' })).toBeVisible();

  // Removed: their open page is signed out within seconds.
  await person.goto('/inbox');
  await owner.goto('/team');
  const row = owner.getByRole('listitem').filter({ hasText: email });
  await row.getByRole('button', { name: /^Remove/ }).click();
  await row.getByRole('button', { name: /Confirm: remove/ }).click();
  await expect(owner.getByRole('listitem').filter({ hasText: email })).toHaveCount(0);
  await expect(sessionEnded(person)).toBeVisible({ timeout: 5_000 });
});

test('staff get no Team screen, and 403 from its routes', async ({ pageAs }) => {
  const staff = await pageAs('staff');
  await staff.goto('/inbox');
  await expect(staff.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(
    staff.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team', exact: true }),
  ).toHaveCount(0);
  await staff.goto('/team');
  await expect(staff.getByRole('heading', { name: 'Only owners manage the team' })).toBeVisible();
  await expectNoAxeViolations(staff, 'team screen refused to staff');
  const answer = await staff.request.get('/bff/team', { headers: { 'X-CSRF': '1' } });
  expect(answer.status()).toBe(403);
});

test('sign-in with a second factor: a code from the app, then a recovery code; required, it is set up first', async ({
  pageAs,
  browser,
  stack,
}) => {
  test.setTimeout(90_000);
  const owner = await pageAs('owner');
  // An owner: only one whose own second factor is on may require one of the owners.
  const { email, link } = await invite(owner, 'Sasha Twofactor', 'owner');
  const page = await join(browser, link);
  await page.goto('/account');
  await page.getByRole('button', { name: 'Set up a second factor' }).click();
  const key = (await page.getByText(/^([A-Z2-7]{4} ?)+$/).textContent())!.replace(/\s/g, '');
  const totp = new TOTP({ secret: Secret.fromBase32(key) });
  await page.getByLabel('The six-digit code your app shows').fill(totp.generate());
  await page.getByRole('button', { name: 'Turn on' }).click();
  const codes = await page
    .getByRole('list', { name: 'Recovery codes' })
    .getByRole('listitem')
    .allTextContents();
  expect(codes).toHaveLength(10);

  await signOut(page);
  await signInWith(page, email, PASSWORD);
  // A code of the next step: the one used to turn it on cannot be used again.
  await page
    .getByLabel('Code from your authenticator app')
    .fill(totp.generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  await signOut(page);
  await signInWith(page, email, PASSWORD);
  await page.getByLabel('Code from your authenticator app').fill(codes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

  // Sasha requires it of owners: the demo owner, signing in with the password alone, gets its setup only.
  const headers = { 'X-CSRF': '1', Origin: stack.baseURL };
  const required = (level: string) =>
    page.request.put('/bff/team/second-factor', { headers, data: { required: level } });
  const demoOwner = await (await browser.newContext()).newPage();
  try {
    expect((await required('owners')).status()).toBe(204);
    await signInWith(demoOwner, 'owner@example.com', 'owner-demo-pass');
    await expect(
      demoOwner.getByRole('heading', { name: 'Set up a second factor to continue' }),
    ).toBeVisible();
    await expectNoAxeViolations(demoOwner, 'second factor required at sign-in');
    const refused = await demoOwner.request.get('/bff/account/sessions', { headers });
    expect(refused.status()).toBe(403);
    await demoOwner.getByRole('button', { name: 'Set up a second factor' }).click();
    const ownerKey = (await demoOwner.getByText(/^([A-Z2-7]{4} ?)+$/).textContent())!.replace(/\s/g, '');
    const ownerCode = new TOTP({ secret: Secret.fromBase32(ownerKey) }).generate();
    await demoOwner.getByLabel('The six-digit code your app shows').fill(ownerCode);
    await demoOwner.getByRole('button', { name: 'Turn on' }).click();
    await demoOwner.getByRole('button', { name: 'Continue to the dashboard' }).click();
    await expect(demoOwner.getByRole('navigation', { name: 'Main' })).toBeVisible();
  } finally {
    // The dashboard's database outlives the test: the demo owner signs in with a password alone again.
    expect((await required('none')).status()).toBe(204);
    await demoOwner.request.delete('/bff/account/second-factor', {
      headers,
      data: { current_password: 'owner-demo-pass' },
    });
  }
});

test.describe('on two replicas', () => {
  let cluster: Cluster;
  test.beforeAll(async () => {
    cluster = await startCluster();
  });
  test.afterAll(async () => {
    await cluster?.stop();
  });

  test('removing a person signs out their page open on the other replica', async ({ browser }) => {
    test.setTimeout(60_000);
    const [a, b] = cluster.replicas;
    const context = await browser.newContext();
    const owner = await context.newPage();
    await owner.goto(`${a.url}/sign-in`);
    await owner.getByLabel('Email').fill('owner@example.com');
    await owner.getByLabel('Password').fill('owner-demo-pass');
    await owner.getByRole('button', { name: 'Sign in' }).click();
    await expect(owner.getByRole('navigation', { name: 'Main' })).toBeVisible();
    const staffContext = await browser.newContext();
    const staff = await staffContext.newPage();
    await staff.goto(`${b.url}/sign-in`);
    await staff.getByLabel('Email').fill('staff2@example.com');
    await staff.getByLabel('Password').fill('staff2-demo-pass');
    await staff.getByRole('button', { name: 'Sign in' }).click();
    await expect(staff.getByRole('navigation', { name: 'Main' })).toBeVisible();

    await owner.goto(`${a.url}/team`);
    const row = owner.getByRole('listitem').filter({ hasText: 'staff2@example.com' });
    await row.getByRole('button', { name: /^Remove/ }).click();
    await row.getByRole('button', { name: /Confirm: remove/ }).click();
    await expect(sessionEnded(staff)).toBeVisible({ timeout: 5_000 });
  });
});
