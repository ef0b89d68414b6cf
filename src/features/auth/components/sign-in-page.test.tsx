import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TEST_ACCOUNTS } from '@/testing/bff-handlers';
import { renderWithApp } from '@/testing/render-with-app';

async function fillAndSubmit(
  user: ReturnType<typeof renderWithApp>['user'],
  email: string,
  password: string,
) {
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in page', () => {
  it('signs in and goes to the inbox', async () => {
    const { user, router, bff } = renderWithApp({ route: '/sign-in', session: null });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(document.title).toBe('Sign in · Sales assistant');

    await fillAndSubmit(user, TEST_ACCOUNTS.owner.email, TEST_ACCOUNTS.owner.password);

    expect(await screen.findByRole('heading', { name: 'Inbox', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/inbox');
    expect(bff.currentUser()?.id).toBe('usr_owner');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Inbox' })).toHaveAttribute('aria-current', 'page');
  });

  it('goes to the `next` location after signing in', async () => {
    const { user, router } = renderWithApp({
      route: '/sign-in?next=%2Fknowledge%3Fkind%3Dfaq',
      session: null,
    });
    await fillAndSubmit(user, TEST_ACCOUNTS.staff.email, TEST_ACCOUNTS.staff.password);
    expect(await screen.findByRole('heading', { name: 'Knowledge', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/knowledge');
    expect(router.state.location.search).toBe('?kind=faq');
  });

  it('ignores a `next` that leaves the app', async () => {
    const { user, router } = renderWithApp({ route: '/sign-in?next=%2F%2Fevil.example%2F', session: null });
    await fillAndSubmit(user, TEST_ACCOUNTS.owner.email, TEST_ACCOUNTS.owner.password);
    await waitFor(() => expect(router.state.location.pathname).toBe('/inbox'));
  });

  it('says the email or password is wrong, keeps the email and stays', async () => {
    const { user, router } = renderWithApp({ route: '/sign-in', session: null });
    await fillAndSubmit(user, TEST_ACCOUNTS.owner.email, 'not-the-password');

    expect(await screen.findByRole('alert')).toHaveTextContent(/wrong email or password/i);
    expect(screen.getByLabelText('Email')).toHaveValue(TEST_ACCOUNTS.owner.email);
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it('explains a 429 with its wait and holds the button until then', async () => {
    const { user } = renderWithApp({
      route: '/sign-in',
      session: null,
      maxFailedLogins: 0,
      retryAfterSeconds: 42,
    });
    await fillAndSubmit(user, TEST_ACCOUNTS.owner.email, TEST_ACCOUNTS.owner.password);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many sign-in attempts. Wait 42 seconds, then try again.',
    );
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled();
  });

  it('checks the fields before sending and points at what is missing', async () => {
    const { user, bff } = renderWithApp({ route: '/sign-in', session: null });
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));

    const email = screen.getByLabelText('Email');
    expect(email).toHaveAccessibleDescription('Enter your email address.');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Enter your password.');

    await user.type(email, 'not-an-email');
    expect(email).toHaveAccessibleDescription(/valid email address/);
    expect(bff.requests.filter((request) => request.path === '/bff/login')).toHaveLength(0);
  });

  it('sends X-CSRF on every call, GETs included', async () => {
    const { user, bff } = renderWithApp({ route: '/sign-in', session: null });
    await fillAndSubmit(user, TEST_ACCOUNTS.owner.email, TEST_ACCOUNTS.owner.password);
    await screen.findByRole('heading', { name: 'Inbox', level: 1 });
    expect(bff.requests.map((request) => `${request.method} ${request.path}`)).toEqual(
      expect.arrayContaining(['GET /bff/session', 'POST /bff/login']),
    );
    expect(bff.requests.every((request) => request.headers.get('x-csrf') === '1')).toBe(true);
  });

  it('sends someone already signed in straight on', async () => {
    const { router } = renderWithApp({ route: '/sign-in?next=%2Fassistant', session: 'owner' });
    expect(await screen.findByRole('heading', { name: 'Assistant', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/assistant');
  });
});
