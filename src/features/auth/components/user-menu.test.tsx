import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '@/testing/render-with-app';

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

/** The trigger, once the screen under it has rendered (it moves focus to its heading on arrival). */
async function findTrigger() {
  await screen.findByRole('heading', { level: 1 });
  return screen.findByRole('button', { name: /account menu/ });
}

describe('the account menu from the keyboard (native trigger, menu loaded on first use)', () => {
  it('ArrowDown opens it on its first item; Escape closes it and focus returns to the trigger', async () => {
    const { user } = renderWithApp({ route: '/assistant' });
    const trigger = await findTrigger();
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const first = await screen.findByRole('menuitem', { name: 'Sign out' });
    await waitFor(() => expect(first).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'Sign out everywhere' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
    expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  it('Enter opens it on its first item; ArrowUp opens it on its last', async () => {
    const { user } = renderWithApp({ route: '/assistant' });
    const trigger = await findTrigger();
    trigger.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Sign out' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
    await user.keyboard('{ArrowUp}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Sign out everywhere' })).toHaveFocus());
  });

  it('choosing "Sign out everywhere" then Cancel returns focus to the trigger, never to the page', async () => {
    const { user } = renderWithApp({ route: '/assistant' });
    const trigger = await findTrigger();
    trigger.focus();
    await user.keyboard('{ArrowUp}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Sign out everywhere' })).toHaveFocus());
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out everywhere?' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
  });
});
