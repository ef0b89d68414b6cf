import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
    const first = await screen.findByRole('menuitem', { name: /^Available/ });
    await waitFor(() => expect(first).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: /^Away/ })).toHaveFocus();
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
    await waitFor(() => expect(screen.getByRole('menuitem', { name: /^Available/ })).toHaveFocus());
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

describe('availability in the account menu', () => {
  it('going away with conversations of one’s own asks whether to hand them back, and does what was chosen', async () => {
    const { user, bff } = renderWithApp({ route: '/assistant' });
    bff.team.find((person) => person.user_id === 'usr_owner')!.open_conversations = 2;
    const trigger = await findTrigger();
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: /^Available/ })).toHaveFocus());
    await waitFor(() =>
      expect(screen.getByRole('menuitem', { name: /^Available/ })).toHaveTextContent('Available (now)'),
    );
    await user.keyboard('{ArrowDown}{Enter}');
    const question = await screen.findByRole('group', { name: /Hand your 2 open conversations back/ });
    expect(screen.getByRole('button', { name: 'Keep them' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Hand back' }));
    await waitFor(() => expect(question).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
    expect(bff.availabilityUpdates).toEqual([{ status: 'away', hand_back: true }]);

    await user.keyboard('{ArrowDown}');
    await waitFor(() =>
      expect(screen.getByRole('menuitem', { name: /^Away/ })).toHaveTextContent('Away (now)'),
    );
    await user.click(screen.getByRole('menuitem', { name: /^Available/ }));
    await waitFor(() => expect(bff.availabilityUpdates.at(-1)).toEqual({ status: 'available' }));
  });

  it(
    'going away does what the person chose for their conversations, without asking',
    { timeout: 15_000 },
    async () => {
      const { user, bff } = renderWithApp({ route: '/assistant' });
      bff.team.find((person) => person.user_id === 'usr_owner')!.open_conversations = 2;
      const trigger = await findTrigger();
      await user.click(trigger);
      const always = await screen.findByRole('menuitemradio', { name: /Always hand them back/ });
      expect(screen.getByRole('menuitemradio', { name: /Ask me each time/ })).toHaveAttribute(
        'aria-checked',
        'true',
      );
      await user.click(always);
      await waitFor(() =>
        expect(bff.availabilityUpdates.at(-1)).toEqual({ status: 'available', away_hand_back: 'hand_back' }),
      );

      await user.click(trigger);
      await waitFor(() =>
        expect(screen.getByRole('menuitemradio', { name: /Always hand them back/ })).toHaveAttribute(
          'aria-checked',
          'true',
        ),
      );
      await user.click(screen.getByRole('menuitem', { name: /^Away/ }));
      expect(screen.queryByRole('group', { name: /Hand your/ })).not.toBeInTheDocument();
      await waitFor(() => expect(bff.availabilityUpdates.at(-1)).toEqual({ status: 'away' }));
      expect(
        await screen.findByText('You are Away. 2 conversations handed back to Unassigned.'),
      ).toBeInTheDocument();
    },
  );

  it('says Away (inactive) when the owner’s auto-away counts the person away; choosing Available ends it', async () => {
    // A BFF that still counts them inactive whatever this browser reports.
    const { user, bff } = renderWithApp({
      route: '/assistant',
      handlers: [http.post('/bff/activity', () => new HttpResponse(null, { status: 204 }))],
    });
    Object.assign(
      bff.team.find((person) => person.user_id === 'usr_owner')!,
      {
        status: 'away',
        inactive: true,
      },
    );
    await user.click(await findTrigger());
    await waitFor(() =>
      expect(screen.getByRole('menuitem', { name: /^Away/ })).toHaveTextContent('Away (inactive)'),
    );
    expect(screen.getByRole('menuitem', { name: /^Available/ })).toHaveTextContent(/^Available$/);
    await user.click(screen.getByRole('menuitem', { name: /^Available/ }));
    await waitFor(() => expect(bff.availabilityUpdates).toEqual([{ status: 'available' }]));
  });
});

describe('activity for the auto-away', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is reported on input, at most once a minute', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { user, bff } = renderWithApp({ route: '/assistant' });
    await findTrigger();
    expect(bff.activityReports).toEqual([]);
    await user.keyboard('a');
    await user.click(document.body);
    await waitFor(() => expect(bff.activityReports).toEqual(['usr_owner']));
    vi.setSystemTime(Date.now() + 59_000);
    await user.keyboard('b');
    vi.setSystemTime(Date.now() + 2_000);
    await user.keyboard('c');
    await waitFor(() => expect(bff.activityReports).toEqual(['usr_owner', 'usr_owner']));
  });
});
