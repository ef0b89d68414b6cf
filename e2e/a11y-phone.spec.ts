import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { sidewaysOverflow } from './fixtures/geometry.ts';
import { newConversation } from './fixtures/inbox-model.ts';
import { expect, test } from './fixtures/test.ts';

// Every screen at 390 px for both roles; keyboard triage, sign-in focus and one language: a11y.spec.ts.
const conversations = (page: Page) => page.getByRole('list', { name: 'Conversations' });
const row = (page: Page, name: string) => conversations(page).getByRole('listitem').filter({ hasText: name });

/**
 * Every screen at phone width for both roles (the other specs cover 1280 px state by state), with the
 * overlays that only phones have (the navigation panel) and the list's row menu.
 */
test.describe('axe at 390 px', () => {
  for (const account of ['owner', 'staff'] as const) {
    test(`every screen as ${account}`, async ({ sim, pageAs }) => {
      test.setTimeout(120_000);
      const name = `Mia Phone ${account}`;
      const id = await newConversation(sim, name);
      const page = await pageAs(account, { viewport: { width: 390, height: 844 } });
      // At each stop: axe, and nothing wider than the screen (the page never scrolls sideways).
      const at = async (state: string) => {
        expect(await sidewaysOverflow(page), `${state} is wider than the screen`).toBe(0);
        await expectNoAxeViolations(page, `${state}, ${account}, 390 px`);
      };

      await page.goto('/inbox?status=active');
      await expect(row(page, name)).toBeVisible();
      await at('inbox');
      await page.getByRole('button', { name: 'Open navigation' }).click();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await at('navigation panel open');
      await page.getByRole('button', { name: 'Close navigation' }).click();
      await page.getByRole('button', { name: /^Filters/ }).click();
      await expect(page.getByRole('group', { name: 'Filters' })).toBeVisible();
      await at('inbox filters shown');
      await row(page, name)
        .getByRole('button', { name: `Actions for the conversation with ${name}` })
        .click();
      await expect(page.getByRole('menu')).toBeVisible();
      await at('row actions menu');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Inbox options' }).click();
      await expect(page.getByRole('menu', { name: 'Inbox options' })).toBeVisible();
      await at('inbox options menu');
      await page.keyboard.press('Escape');

      await page.goto(`/inbox/${id}?status=active`);
      await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Transcript' }).getByRole('article').first(),
      ).toBeVisible();
      await at('conversation open');
      await page.getByRole('button', { name: 'More actions' }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await at('conversation actions menu');
      await page.keyboard.press('Escape');

      await page.goto('/assistant');
      await expect(page.getByRole('form', { name: 'Assistant settings' })).toBeVisible();
      await at('assistant');
      await page.goto('/knowledge');
      await expect(page.getByRole('list', { name: 'Knowledge sources' })).toBeVisible();
      await at('knowledge');
      if (account === 'owner') {
        await page.getByRole('button', { name: 'Add a source' }).click();
        await expect(page.getByRole('form', { name: 'Add a knowledge source' })).toBeVisible();
        await at('knowledge, add-source form');
      }
      await page.goto('/saved-replies');
      await expect(page.getByRole('heading', { name: 'Saved replies', level: 1 })).toBeVisible();
      await expect(
        page.getByRole('list', { name: 'Saved replies' }).or(page.getByText('No saved replies yet')),
      ).toBeVisible();
      await at('saved replies');
      await page.goto('/integrations');
      await expect(page.getByRole('heading', { name: 'Integrations', level: 1 })).toBeVisible();
      await at('integrations');
      if (account === 'owner') {
        await page.goto('/reports');
        await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible();
        await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
        await at('reports');
        await page.goto('/team');
        await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible();
        await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
        await at('team');
      }
      await page.goto('/no-such-screen');
      await expect(page.getByRole('heading', { name: /not found/i })).toBeVisible();
      await at('not found');
    });
  }

  test('sign-in', async ({ sim: _sim, browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/sign-in');
    await expect(page.getByLabel('Email')).toBeVisible();
    await expectNoAxeViolations(page, 'sign-in, 390 px');
    await context.close();
  });
});
