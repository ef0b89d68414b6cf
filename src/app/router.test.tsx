import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TEST_ACCOUNTS } from '@/testing/bff-handlers';
import { renderWithApp } from '@/testing/render-with-app';

describe('the session guard', () => {
  it('sends a visitor without a session to sign-in, remembering where they were going', async () => {
    const { router } = renderWithApp({ route: '/knowledge?kind=doc', session: null });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/knowledge?kind=doc');
  });

  it('comes back to that place after signing in', async () => {
    const { user, router } = renderWithApp({ route: '/assistant', session: null });
    await user.type(await screen.findByLabelText('Email'), TEST_ACCOUNTS.owner.email);
    await user.type(screen.getByLabelText('Password'), TEST_ACCOUNTS.owner.password);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Assistant', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/assistant');
  });

  it('shows the shell outline, not a blank page, while the session is checked', async () => {
    let answer: () => void = () => {};
    const pending = new Promise<void>((resolve) => (answer = resolve));
    renderWithApp({
      route: '/inbox',
      handlers: [
        http.get('/bff/session', async () => {
          await pending;
          return HttpResponse.json({ data: { user: TEST_ACCOUNTS.owner.user, roster: [] } });
        }),
      ],
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading the dashboard');
    answer();
    expect(await screen.findByRole('heading', { name: 'Inbox', level: 1 })).toBeInTheDocument();
  });

  it('explains a failed session check and retries it', async () => {
    let fail = true;
    const { user } = renderWithApp({
      route: '/inbox',
      handlers: [
        http.get('/bff/session', () =>
          fail
            ? HttpResponse.json({ error: { code: 'upstream_unreachable', message: 'x' } }, { status: 400 })
            : undefined,
        ),
      ],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('The store could not be reached');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Inbox', level: 1 })).toBeInTheDocument();
  });
});

describe('the shell', () => {
  it('redirects / to the inbox and titles the page', async () => {
    const { router } = renderWithApp({ route: '/' });
    expect(await screen.findByRole('heading', { name: 'Inbox', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/inbox');
    expect(document.title).toMatch(/Inbox · Sales assistant$/);
  });

  it('shows an owner every screen, their name and role', async () => {
    renderWithApp({ route: '/inbox', session: 'owner' });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Inbox', 'Assistant', 'Knowledge', 'Saved replies', 'Integrations', 'Reports', 'Team']);
    expect(screen.getByRole('button', { name: /Morgan Lee, Owner: account menu/ })).toBeInTheDocument();
  });

  it('hides Integrations, Reports and Team from staff and marks the owner-managed screens read-only', async () => {
    renderWithApp({ route: '/inbox', session: 'staff' });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: /Integrations/ })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: /Reports/ })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: /Team/ })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: /Assistant/ })).toHaveTextContent('AssistantRead-only');
    expect(within(nav).getByRole('link', { name: /Saved replies/ })).toHaveTextContent(
      'Saved repliesRead-only',
    );
    expect(within(nav).getByRole('link', { name: 'Inbox' })).not.toHaveTextContent('Read-only');
    expect(screen.getByRole('button', { name: /Sam Rivera, Staff: account menu/ })).toBeInTheDocument();
  });

  it('tells staff who open /integrations directly that only owners manage it', async () => {
    renderWithApp({ route: '/integrations', session: 'staff' });
    expect(
      await screen.findByRole('heading', { name: 'Only owners manage integrations' }),
    ).toBeInTheDocument();
  });

  it('tells staff who open /reports directly that only owners see them', async () => {
    renderWithApp({ route: '/reports', session: 'staff' });
    expect(await screen.findByRole('heading', { name: 'Only owners see the reports' })).toBeInTheDocument();
  });

  it.each([
    ['/assistant', 'Assistant'],
    ['/knowledge', 'Knowledge'],
    ['/saved-replies', 'Saved replies'],
    ['/integrations', 'Integrations'],
  ])('opens %s with its heading and page title', async (route, title) => {
    renderWithApp({ route, session: 'owner' });
    expect(await screen.findByRole('heading', { name: title, level: 1 })).toBeInTheDocument();
    expect(document.title).toBe(`${title} · Sales assistant`);
  });

  it('navigates between screens from the menu', async () => {
    const { user, router } = renderWithApp({ route: '/inbox' });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('link', { name: 'Knowledge' }));
    expect(await screen.findByRole('heading', { name: 'Knowledge', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/knowledge');
    expect(within(nav).getByRole('link', { name: 'Knowledge' })).toHaveAttribute('aria-current', 'page');
  });

  it('collapses the navigation behind a button on small screens', async () => {
    const { user } = renderWithApp({ route: '/inbox' });
    const toggle = await screen.findByRole('button', { name: 'Open navigation' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', 'main-nav');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Close navigation' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('offers a skip link to the main content', async () => {
    renderWithApp({ route: '/inbox' });
    const skip = await screen.findByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveAttribute('href', '#main-content');
    expect(document.getElementById('main-content')?.tagName).toBe('MAIN');
  });

  it('signs out from the account menu', async () => {
    const { user, router, bff } = renderWithApp({ route: '/inbox' });
    await user.click(await screen.findByRole('button', { name: /account menu/i }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(bff.currentUser()).toBeNull();
  });
});

describe('not found', () => {
  it('says the page does not exist and leads home', async () => {
    const { user, router } = renderWithApp({ route: '/no-such-screen' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(document.title).toBe('Page not found · Sales assistant');
    await user.click(screen.getByRole('link', { name: 'Go to the inbox' }));
    expect(await screen.findByRole('heading', { name: 'Inbox', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/inbox');
  });
});

describe('a screen that fails to render', () => {
  it('is replaced by an error with a retry, while the navigation keeps working', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let broken = true;
    function Flaky() {
      const [now] = useState(() => broken);
      if (now) throw new Error('boom');
      return <h1>Recovered</h1>;
    }
    const { user } = renderWithApp({
      route: '/flaky',
      signedInRoutes: [{ path: '/flaky', element: <Flaky /> }],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    broken = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Recovered' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});
