import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiClient } from '@/lib/api-client';
import type { SessionInfo } from '@/schemas/bff';
import { TEST_ACCOUNTS, TEST_ROSTER, createTestBff, type TestBffOptions } from '@/testing/bff-handlers';
import { server } from '@/testing/msw-server';
import { SignInEntry } from './sign-in-entry';

/** The cold-load sign-in page at `address`, on a test BFF; `onSignedIn` records where it hands over to. */
function renderEntry(
  address: string,
  options: TestBffOptions = {},
  session?: Promise<SessionInfo | null> | null,
) {
  window.history.replaceState(null, '', address);
  const bff = createTestBff(options);
  server.use(...bff.handlers);
  const restoreClient = apiClient.configure({ sleep: () => Promise.resolve() });
  afterEach(restoreClient);
  const onSignedIn = vi.fn();
  render(<SignInEntry onSignedIn={onSignedIn} session={session} />);
  return { onSignedIn, bff, user: userEvent.setup() };
}

async function signIn(user: ReturnType<typeof userEvent.setup>, password: string) {
  await user.type(await screen.findByLabelText('Email'), TEST_ACCOUNTS.owner.email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('the sign-in page of a cold load', () => {
  it('signs in, then hands over to the app at `next`', async () => {
    const { onSignedIn, bff, user } = renderEntry('/sign-in?next=%2Fknowledge%3Fkind%3Dfaq', {
      session: null,
    });
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(document.title).toBe('Sign in · Sales assistant');

    await signIn(user, TEST_ACCOUNTS.owner.password);

    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('/knowledge?kind=faq'));
    expect(bff.currentUser()?.id).toBe('usr_owner');
  });

  it('hands over to the inbox at once when someone is already signed in', async () => {
    const { onSignedIn } = renderEntry('/sign-in', { session: 'staff' });
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('/inbox'));
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('shows the form at once, without asking again, when the page already found nobody signed in', async () => {
    const asked = vi.fn();
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/bff/session') asked();
    });
    const { onSignedIn, user } = renderEntry('/sign-in?next=%2Finbox%3Fview%3Dmine', { session: null }, null);
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    await signIn(user, TEST_ACCOUNTS.owner.password);
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('/inbox?view=mine'));
    expect(asked).not.toHaveBeenCalled();
    server.events.removeAllListeners();
  });

  it('takes over a session check already under way', async () => {
    const { onSignedIn } = renderEntry(
      '/sign-in?next=%2Fassistant',
      { session: null },
      Promise.resolve<SessionInfo>({ user: TEST_ACCOUNTS.owner.user, roster: TEST_ROSTER }),
    );
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('/assistant'));
    expect(onSignedIn).toHaveBeenCalledTimes(1);
  });

  it('ignores a `next` that leaves the app', async () => {
    const { onSignedIn, user } = renderEntry('/sign-in?next=%2F%2Fevil.example%2F', { session: null });
    await signIn(user, TEST_ACCOUNTS.owner.password);
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith('/inbox'));
  });

  it('says the password is wrong and stays', async () => {
    const { onSignedIn, user } = renderEntry('/sign-in', { session: null });
    await signIn(user, 'not-the-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(/wrong email or password/i);
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('offers the form when the session check fails', async () => {
    server.use(http.get('/bff/session', () => HttpResponse.json({}, { status: 500 })));
    const { onSignedIn } = renderEntry('/sign-in', { session: null });
    expect(await screen.findByLabelText('Password')).toBeInTheDocument();
    expect(onSignedIn).not.toHaveBeenCalled();
  });
});
