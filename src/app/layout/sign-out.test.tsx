import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { putOutboxEntry, readOutbox } from '@/features/transcript/outbox';
import { renderWithApp } from '@/testing/render-with-app';

afterEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

const OWNER = 'usr_owner';

function storeUnsentReply() {
  putOutboxEntry({
    conversationId: 'conv_unsent',
    idempotencyKey: 'key-unsent',
    content: 'Your order ships tomorrow.',
    authorUserId: OWNER,
    createdAt: '2026-11-23T10:00:00Z',
    status: 'failed',
  });
}

async function chooseSignOut(user: ReturnType<typeof renderWithApp>['user']) {
  await user.click(await screen.findByRole('button', { name: /account menu/ }));
  await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
}

describe('sign-out on a shared computer', () => {
  it("clears the user's drafts and outbox, and leaves other users' items", async () => {
    window.localStorage.setItem(`sales-dashboard:reply-draft:${OWNER}:conv_1`, 'half a reply');
    window.localStorage.setItem('sales-dashboard:reply-draft:usr_staff1:conv_1', 'not mine');
    const { user, router } = renderWithApp({ route: '/inbox' });
    await chooseSignOut(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(window.localStorage.getItem(`sales-dashboard:reply-draft:${OWNER}:conv_1`)).toBeNull();
    expect(window.localStorage.getItem('sales-dashboard:reply-draft:usr_staff1:conv_1')).toBe('not mine');
  });

  it('names unsent replies first; "go to the reply" keeps everything and opens its conversation', async () => {
    storeUnsentReply();
    const { user, router } = renderWithApp({ route: '/assistant' });
    await chooseSignOut(user);
    const dialog = await screen.findByRole('alertdialog', { name: 'A reply has not been sent' });
    expect(dialog).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to the reply' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/inbox/conv_unsent'));
    expect(readOutbox(OWNER)).toHaveLength(1);
  });

  it('"discard and sign out" removes the unsent reply and signs out', async () => {
    storeUnsentReply();
    const { user, router, bff } = renderWithApp({ route: '/assistant' });
    await chooseSignOut(user);
    await user.click(await screen.findByRole('button', { name: 'Discard and sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(bff.currentUser()).toBeNull();
    expect(readOutbox(OWNER)).toEqual([]);
  });
});

describe('sign out everywhere', () => {
  it('asks first; Cancel keeps the user signed in, confirming ends every session and goes to sign-in', async () => {
    window.localStorage.setItem(`sales-dashboard:reply-draft:${OWNER}:conv_1`, 'half a reply');
    const { user, router, bff } = renderWithApp({ route: '/inbox' });
    const openMenu = async () => {
      await user.click(await screen.findByRole('button', { name: /account menu/ }));
      await user.click(await screen.findByRole('menuitem', { name: 'Sign out everywhere' }));
    };
    await openMenu();
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out everywhere?' });
    expect(dialog).toHaveTextContent(/this one included/);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(bff.currentUser()).not.toBeNull();
    expect(bff.requests.some((r) => r.path === '/bff/sessions/end-all')).toBe(false);

    await openMenu();
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sign-in'));
    expect(bff.currentUser()).toBeNull();
    expect(window.localStorage.getItem(`sales-dashboard:reply-draft:${OWNER}:conv_1`)).toBeNull();
  });
});
