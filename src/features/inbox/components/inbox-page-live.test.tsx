import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  newConversation,
  openPane,
  renderInbox,
  setUpInboxTests,
  sim,
  stored,
} from '@/testing/inbox-harness';

setUpInboxTests();

describe('live updates', () => {
  it('shows a new handoff without a reload, highlighted, and counts it in the tab title', async () => {
    renderInbox(sim, '/inbox');
    await screen.findByRole('list', { name: 'Conversations' });
    await waitFor(() => expect(document.title).toMatch(/^\(\d+\) Inbox · Sales assistant$/));
    const before = Number(/^\((\d+)\)/.exec(document.title)![1]);

    sim.shopperWrites({
      display_name: 'Priya Shah',
      email: null,
      content: 'I want a person',
      escalate: true,
    });
    // Coming back to the tab syncs at once instead of waiting for the next poll.
    act(() => void document.dispatchEvent(new Event('visibilitychange')));

    const list = screen.getByRole('list', { name: 'Conversations' });
    const row = (await within(list).findByText('Priya Shah')).closest('[role="listitem"]')!;
    expect(row).toHaveTextContent('New handoff');
    await waitFor(() => expect(document.title).toBe(`(${before + 1}) Inbox · Sales assistant`));
  });

  it('with a conversation open (the list and its banner hidden below xl), a chip in it opens a new handoff', async () => {
    const id = newConversation(sim, 'Ines Duarte');
    const { user } = renderInbox(sim, `/inbox/${id}?status=active`);
    const pane = await openPane('Ines Duarte');
    await screen.findByRole('list', { name: 'Conversations' });
    await waitFor(() => expect(document.title).toMatch(/^\(\d+\) Inbox/));
    expect(within(pane).queryByRole('button', { name: /new handoff/ })).not.toBeInTheDocument();

    // The open conversation's own handoff is no news to the person looking at it; Priya's is.
    sim.shopperWrites({ conversation_id: id, content: 'A person, please', escalate: true });
    sim.shopperWrites({
      display_name: 'Priya Shah',
      email: null,
      content: 'I want a person',
      escalate: true,
    });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    const chip = await within(pane).findByRole('button', { name: '1 new handoff: open Priya Shah' });

    await user.click(chip);
    const opened = await openPane('Priya Shah');
    expect(within(opened).getByRole('heading', { name: 'Priya Shah', level: 2 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /new handoffs?:/ })).not.toBeInTheDocument();
  });
});

/** As the BFF's automatic assignment does: the store's copy changes, with a new version. */
function assignInStore(id: string, userId: string) {
  const record = sim.store('store_demo')!.conversations.get(id)!;
  record.assigned_to = userId;
  record.updated_at = new Date(Date.parse(record.updated_at) + 1000).toISOString();
}

describe('a handoff assigned to the signed-in person', () => {
  it('is told as theirs, on screen and to screen readers, and a teammate’s is not', async () => {
    renderInbox(sim, '/inbox');
    await screen.findByRole('list', { name: 'Conversations' });
    await waitFor(() => expect(document.title).toMatch(/^\(\d+\) Inbox/));
    const mine = sim.shopperWrites({
      display_name: 'Priya Shah',
      email: null,
      content: 'Hi',
      escalate: true,
    });
    const theirs = sim.shopperWrites({
      display_name: 'Ola Berg',
      email: null,
      content: 'Hi',
      escalate: true,
    });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    const list = screen.getByRole('list', { name: 'Conversations' });
    await within(list).findByText('Ola Berg');

    assignInStore(theirs.conversation.id, 'usr_staff2');
    assignInStore(mine.conversation.id, 'usr_staff1');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(await screen.findByText('Assigned to you: Priya Shah')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        screen
          .getAllByRole('status')
          .some((node) => node.textContent === 'Assigned to you: Priya Shah on Website.'),
      ).toBe(true),
    );
    expect(screen.queryByText(/Assigned to you: Ola Berg/)).not.toBeInTheDocument();
  });
});

describe('desktop notifications', () => {
  it('asks for permission only when turned on, then notifies new handoffs while the window is elsewhere', async () => {
    const shown: { title: string; body: string | undefined }[] = [];
    const requestPermission = vi.fn(() => Promise.resolve('granted' as NotificationPermission));
    class FakeNotification {
      static permission: NotificationPermission = 'default';
      static requestPermission = requestPermission;
      onclick: (() => void) | null = null;
      constructor(title: string, options?: NotificationOptions) {
        shown.push({ title, body: options?.body });
      }
      close() {}
    }
    vi.stubGlobal('Notification', FakeNotification);
    requestPermission.mockImplementation(() => {
      FakeNotification.permission = 'granted';
      return Promise.resolve('granted');
    });
    vi.spyOn(document, 'hasFocus').mockReturnValue(false);
    try {
      const { user } = renderInbox(sim, '/inbox');
      await screen.findByRole('list', { name: 'Conversations' });
      expect(requestPermission).not.toHaveBeenCalled();

      await user.click(screen.getByRole('button', { name: 'Inbox options' }));
      const alerts = await screen.findByRole('menuitemcheckbox', { name: 'Desktop alerts for new handoffs' });
      expect(alerts).toHaveAttribute('aria-checked', 'false');
      await user.click(alerts);
      expect(requestPermission).toHaveBeenCalledOnce();
      await waitFor(() => expect(alerts).toHaveAttribute('aria-checked', 'true'));
      await user.keyboard('{Escape}');
      await waitFor(() => expect(document.title).toMatch(/^\(\d+\) Inbox/));

      sim.shopperWrites({
        display_name: 'Priya Shah',
        email: null,
        content: 'A person, please',
        escalate: true,
      });
      act(() => void document.dispatchEvent(new Event('visibilitychange')));
      await waitFor(() => expect(shown).toHaveLength(1));
      expect(shown[0]).toEqual({
        title: 'A shopper needs a person',
        body: 'Priya Shah on Website was handed over by the assistant.',
      });

      // The automatic assignment gives it to the signed-in person: told again, as theirs.
      const handoff = [...sim.store('store_demo')!.conversations.values()].find(
        (record) => record.display_name === 'Priya Shah',
      )!;
      assignInStore(handoff.id, 'usr_staff1');
      act(() => void document.dispatchEvent(new Event('visibilitychange')));
      await waitFor(() => expect(shown).toHaveLength(2));
      expect(shown[1]).toEqual({
        title: 'Assigned to you: Priya Shah',
        body: 'Priya Shah on Website was handed over by the assistant.',
      });
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('keyboard', () => {
  it('opens a sheet of every key with ?, but not while typing in a field', async () => {
    const id = newConversation(sim, 'Ines Duarte');
    const { user } = renderInbox(sim, `/inbox/${id}?status=active`);
    const pane = await openPane('Ines Duarte');

    await user.type(within(pane).getByRole('textbox', { name: /^Reply to/ }), '?');
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(document.body);

    await user.keyboard('?');
    const sheet = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const label of [
      'Next conversation',
      'Open the conversation',
      'Take over from the bot',
      'Hand back to the bot',
      'Assign to me',
      'Close the conversation',
      'Switch between Available and Away',
    ]) {
      expect(within(sheet).getByText(label)).toBeInTheDocument();
    }
    await user.click(within(sheet).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument();

    // The same sheet from the inbox's options menu.
    await user.click(screen.getByRole('button', { name: 'Inbox options' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Keyboard shortcuts' }));
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
  });

  it('switches between Available and Away with Shift+A, and says so', async () => {
    const { user, bff } = renderInbox(sim, '/inbox');
    await screen.findByRole('list', { name: 'Conversations' });
    await waitFor(() => expect(document.title).toMatch(/^\(\d+\) Inbox/));
    await user.click(document.body);

    await user.keyboard('{Shift>}A{/Shift}');
    expect(
      await screen.findByText('You are Away: no new conversations are assigned to you.'),
    ).toBeInTheDocument();
    expect(bff.availabilityUpdates).toEqual([{ status: 'away' }]);

    await user.keyboard('{Shift>}A{/Shift}');
    expect(
      await screen.findByText('You are Available: new conversations may be assigned to you.'),
    ).toBeInTheDocument();
    expect(bff.availabilityUpdates.at(-1)).toEqual({ status: 'available' });
    // A plain a still opens the assign dialog's key, not availability.
    await user.keyboard('a');
    expect(bff.availabilityUpdates).toHaveLength(2);
  });

  it('takes over the open conversation with t and assigns it with m', async () => {
    const id = newConversation(sim, 'Ines Duarte');
    const { user } = renderInbox(sim, `/inbox/${id}?status=active`);
    const pane = await openPane('Ines Duarte');
    within(pane).getByRole('heading', { name: 'Ines Duarte' }).focus();

    await user.keyboard('t');
    await waitFor(() => expect(stored(sim, id).handoff_state).toBe('human'));
    await user.keyboard('m');
    await waitFor(() => expect(stored(sim, id).assigned_to).toBe('usr_staff1'));
    expect(pane).toHaveTextContent('Assigned to Sam Rivera');
  });
});
