import type { Dialog, Page } from '@playwright/test';
import type { AgentConfig } from '../src/schemas/agent-config.ts';
import { expect, test } from './fixtures/test.ts';
import { expectNoAxeViolations } from './fixtures/axe.ts';
import { overlapping } from './fixtures/geometry.ts';

async function openAssistant(page: Page) {
  await page.goto('/assistant');
  await expect(page.getByRole('form', { name: 'Assistant settings' })).toBeVisible();
}

const greeting = (page: Page) => page.getByLabel('Greeting', { exact: true });

test.describe('assistant configuration', () => {
  test('the owner edits in two tabs at once: the second save meets the prompt naming them, and the merge keeps both', async ({
    sim,
    pageAs,
  }) => {
    const first = await pageAs('owner');
    const second = await pageAs('owner');
    await openAssistant(first);
    await openAssistant(second);

    // Different fields...
    await first.getByLabel('Assistant name').fill('Ava');
    await second.getByLabel('Persona instructions').fill('Be brief and warm.');
    // ...and then the same one.
    await greeting(first).fill('Hi from the first owner');
    await greeting(second).fill('Hello from the second owner');

    await first.getByRole('button', { name: 'Save' }).click();
    await expect(first.getByText('Assistant settings saved')).toBeVisible();
    await expectNoAxeViolations(first, 'assistant settings saved');

    await second.getByRole('button', { name: 'Save' }).click();
    // Both tabs are the same owner's: the prompt says so rather than "Someone else".
    const prompt = second.getByRole('dialog', {
      name: 'You, in another tab, saved changes while you were editing',
    });
    await expect(prompt).toBeVisible();
    await expect(prompt.getByText('1 setting needs your choice.')).toBeVisible();
    const row = (field: string) =>
      prompt.getByRole('listitem').filter({ has: second.getByRole('heading', { name: field, exact: true }) });
    await expect(row('Assistant name').getByText('Their change, taken')).toBeVisible();
    await expect(row('Persona instructions').getByText('Your change, kept')).toBeVisible();
    await expect(row('Greeting').getByText('Hi from the first owner')).toBeVisible();
    await expect(row('Greeting').getByText('Hello from the second owner')).toBeVisible();
    await expectNoAxeViolations(second, 'config conflict dialog');

    // The choice is a radio group, made here by keyboard.
    await row('Greeting')
      .getByRole('radio', { name: /Keep yours/ })
      .focus();
    await second.keyboard.press('Space');
    await expect(row('Greeting').getByRole('radio', { name: /Keep yours/ })).toBeChecked();
    await prompt.getByRole('button', { name: 'Save merged version' }).click();
    await expect(second.getByText('Assistant settings saved')).toBeVisible();
    await expect(prompt).toBeHidden();

    const { data } = await sim.api<{ data: AgentConfig }>('/api/v1/agent-config');
    expect(data).toMatchObject({
      agent_name: 'Ava',
      persona_instructions: 'Be brief and warm.',
      greeting: 'Hello from the second owner',
    });
    // The second owner's form now shows the stored merge.
    await expect(second.getByLabel('Assistant name')).toHaveValue('Ava');
    await expect(second.getByRole('region', { name: 'Unsaved changes' })).toBeHidden();
  });

  test('a reload keeps unsaved edits, and discard restores the stored values', async ({ sim, pageAs }) => {
    const page = await pageAs('owner');
    await openAssistant(page);
    await greeting(page).fill('Welcome back!');
    await page.getByText('Order status', { exact: true }).click();
    await expect(page.getByRole('switch', { name: 'Order status' })).not.toBeChecked();
    // Space toggles a focused switch, as it does a checkbox.
    const cart = page.getByRole('switch', { name: 'Cart' });
    const cartWasOn = await cart.isChecked();
    await cart.focus();
    await page.keyboard.press('Space');
    await expect(cart).toBeChecked({ checked: !cartWasOn });
    await page.keyboard.press('Space');
    await expect(cart).toBeChecked({ checked: cartWasOn });

    // Reloading with unsaved changes asks first (the browser's own prompt).
    const asked = new Promise<Dialog>((resolve) => {
      page.once('dialog', (dialog) => {
        resolve(dialog);
        void dialog.accept();
      });
    });
    await page.reload();
    expect((await asked).type()).toBe('beforeunload');

    await expect(page.getByText('Your unsaved changes were restored')).toBeVisible();
    await expectNoAxeViolations(page, 'assistant with restored unsaved changes and the save bar');
    await expect(greeting(page)).toHaveValue('Welcome back!');
    await expect(page.getByRole('switch', { name: 'Order status' })).not.toBeChecked();

    const discard = page.getByRole('button', { name: 'Discard' });
    await discard.click();
    const confirm = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await expect(confirm).toBeVisible();
    // The confirmation (loaded on first open) takes the focus, and Escape gives it back.
    await expect(confirm.getByRole('button', { name: 'Keep editing' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(confirm).toHaveCount(0);
    await expect(discard).toBeFocused();
    await discard.click();
    await expect(confirm).toBeVisible();
    await expectNoAxeViolations(page, 'discard confirmation');
    await confirm.getByRole('button', { name: 'Discard changes' }).click();
    await expect(greeting(page)).toHaveValue('');
    await expect(page.getByRole('switch', { name: 'Order status' })).toBeChecked();
    await expect(page.getByRole('region', { name: 'Unsaved changes' })).toBeHidden();

    // Nothing was saved, and the discarded draft does not come back.
    await page.reload();
    await expect(greeting(page)).toHaveValue('');
    await expect(page.getByText('Your unsaved changes were restored')).toBeHidden();
    const { data } = await sim.api<{ data: AgentConfig }>('/api/v1/agent-config');
    expect(data.updated_at).toBeNull();
  });

  test('an over-long greeting cannot be saved and says why', async ({ sim, pageAs }) => {
    const page = await pageAs('owner');
    await openAssistant(page);
    await greeting(page).fill('x'.repeat(281));
    await expect(
      page.getByText('Greeting is 1 character over the limit of 280. Shorten it to save.'),
    ).toBeVisible();
    await expect(page.getByText('281 / 280')).toBeVisible();

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(greeting(page)).toBeFocused();
    await expect(greeting(page)).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page, 'assistant with an over-long greeting');
    const { data } = await sim.api<{ data: AgentConfig }>('/api/v1/agent-config');
    expect(data.updated_at).toBeNull();

    // Shortened, it saves.
    await greeting(page).fill('x'.repeat(280));
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Assistant settings saved')).toBeVisible();
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 1400, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`at ${viewport.width}x${viewport.height} two saves in a row with the pointer both go through: the toast of the first leaves the save bar free`, async ({
      sim,
      pageAs,
    }) => {
      const page = await pageAs('owner', { viewport });
      await openAssistant(page);
      const bar = page.getByRole('region', { name: 'Unsaved changes' });
      const save = bar.getByRole('button', { name: 'Save' });
      const saved = page.locator('[data-sonner-toast]').filter({ hasText: 'Assistant settings saved' });

      await greeting(page).fill('Welcome to Northwind!');
      await save.click();
      await expect(saved).toBeVisible();
      await expect(bar).toBeHidden();

      // Edited again while the first toast is still up: the bar is back, and no toast sits on it.
      await greeting(page).fill('Welcome back to Northwind!');
      await expect(bar).toBeVisible();
      await expect(saved).toBeVisible();
      expect(await overlapping(saved, bar)).toBe(false);
      await expectNoAxeViolations(page, `assistant saved, edited again, at ${viewport.width}px`);
      // A real click at Save's centre (Playwright checks nothing else would receive it).
      await save.click();
      await expect(bar).toBeHidden();
      // The bar left with the focus on Save: it goes to the form, not to the page's body.
      await expect(page.getByRole('form', { name: 'Assistant settings' })).toBeFocused();

      const { data } = await sim.api<{ data: AgentConfig }>('/api/v1/agent-config');
      expect(data.greeting).toBe('Welcome back to Northwind!');
      await page.reload();
      await expect(greeting(page)).toHaveValue('Welcome back to Northwind!');
    });
  }

  test('staff see the settings read-only, with the reason', async ({ pageAs }) => {
    const page = await pageAs('staff');
    await openAssistant(page);
    await expect(page.getByText('You can view these settings, not change them')).toBeVisible();
    await expect(greeting(page)).toBeDisabled();
    await expect(page.getByRole('switch', { name: 'Assistant on the storefront' })).toBeDisabled();
    await expectNoAxeViolations(page, 'assistant read-only for staff');
  });
});
