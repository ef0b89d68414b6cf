import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  chooseAction,
  newConversation,
  openPane,
  renderInbox,
  setUpInboxTests,
  sim,
  stored,
} from '@/testing/inbox-harness';

setUpInboxTests();

describe('inbox filters', () => {
  it('writes the default view into the URL and keeps filters in it through navigation and a reload', async () => {
    const { user, router, unmount } = renderInbox(sim, '/inbox');
    await waitFor(() => expect(router.state.location.search).toBe('?status=active&handoff_state=human'));
    expect(screen.getByRole('link', { name: /Needs a person/ })).toHaveAttribute('aria-current', 'page');
    const list = await screen.findByRole('list', { name: 'Conversations' });
    for (const item of within(list).getAllByRole('listitem')) {
      expect(item).toHaveTextContent('Human');
      expect(item).toHaveTextContent('Active');
    }

    await user.click(screen.getByRole('link', { name: 'Closed' }));
    expect(router.state.location.search).toBe('?status=closed');
    await user.selectOptions(screen.getByLabelText('Channel'), 'Website');
    expect(router.state.location.search).toBe('?status=closed&channel=website');
    await waitFor(() => {
      const items = within(screen.getByRole('list', { name: 'Conversations' })).getAllByRole('listitem');
      for (const item of items) expect(item).toHaveTextContent(/Website.*Closed/);
    });
    expect(screen.queryByRole('link', { name: 'Closed', current: 'page' })).not.toBeInTheDocument();

    act(() => void router.navigate(-1));
    await waitFor(() => expect(screen.getByLabelText('Channel')).toHaveValue('any'));
    expect(screen.getByRole('link', { name: 'Closed' })).toHaveAttribute('aria-current', 'page');

    // Navigations run the route loaders first, so wait for this one to land before reading the address.
    await act(() => router.navigate(1));
    const address = `${router.state.location.pathname}${router.state.location.search}`;
    unmount();
    renderInbox(sim, address);
    expect(await screen.findByLabelText('Channel')).toHaveValue('website');
    expect(screen.getByLabelText('Status')).toHaveValue('closed');
  });

  it('offers anyone, me, nobody and each roster member as assignee filters', async () => {
    renderInbox(sim, '/inbox?status=active');
    const options = within(await screen.findByLabelText('Assignee')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Any assignee',
      'Assigned to me',
      'Nobody assigned',
      'Assigned to Morgan Lee',
      'Assigned to Alex Kim',
      'Assigned to Jordan Patel',
    ]);
  });
});

describe('conversation actions', () => {
  it("takes over from the freshest stored state, so a teammate's concurrent assignment survives", async () => {
    const id = newConversation(sim, 'Ines Duarte');
    const { user } = renderInbox(sim, `/inbox/${id}?status=active`);
    const pane = await openPane('Ines Duarte');
    expect(pane).toHaveTextContent('Nobody is assigned');

    // Meanwhile a teammate assigns it to themselves; this page has not heard of it.
    const record = sim.store('store_demo')!.conversations.get(id)!;
    record.assigned_to = 'usr_staff2';
    record.updated_at = sim.clock.stamp();

    await user.click(within(pane).getByRole('button', { name: 'Take over' }));
    await within(pane).findByText('Alex Kim');
    expect(pane).toHaveTextContent('Human');
    expect(stored(sim, id)).toEqual({ status: 'active', handoff_state: 'human', assigned_to: 'usr_staff2' });
  });

  it('shows a change at once, rolls it back with a clear message when it fails, and retries with the same key', async () => {
    const id = newConversation(sim, 'Ines Duarte');
    const path = `/api/v1/agent-conversations/${id}`;
    sim.addFault({ method: 'PUT', path, times: 1, delay_ms: 2500, status: 403, code: 'insufficient_scope' });
    const { user, bff } = renderInbox(sim, `/inbox/${id}?status=active`);
    const pane = await openPane('Ines Duarte');

    await chooseAction(user, pane, 'Close');
    // Optimistic: closed at once…
    expect(await within(pane).findByRole('button', { name: 'Reopen' })).toBeInTheDocument();
    expect(pane).toHaveTextContent('Closed');
    // …then back as it was, with what happened and what to do.
    expect(
      await screen.findByText('Could not close the conversation with Ines Duarte', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Ask the store owner to grant that scope/)).toBeInTheDocument();
    expect(await within(pane).findByRole('button', { name: 'Take over' })).toBeInTheDocument();
    expect(pane).toHaveTextContent('Active');
    expect(stored(sim, id).status).toBe('active');

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(stored(sim, id).status).toBe('closed'));
    expect(await within(pane).findByRole('button', { name: 'Reopen' })).toBeInTheDocument();
    const keys = bff.requests
      .filter((request) => request.method === 'PUT' && request.path === path)
      .map((request) => request.headers.get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);

    // A close can be undone from its toast.
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(stored(sim, id).status).toBe('active'));
  });

  it('explains invalid_assignee', async () => {
    const id = newConversation(sim, 'Ines Duarte');
    sim.addFault({
      method: 'PUT',
      path: `/api/v1/agent-conversations/${id}`,
      times: 1,
      status: 400,
      code: 'invalid_assignee',
    });
    const { user } = renderInbox(sim, `/inbox/${id}?status=active`);
    const pane = await openPane('Ines Duarte');

    await chooseAction(user, pane, 'Assign to…');
    const dialog = await screen.findByRole('dialog', { name: 'Assign' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Assign to' }), 'Jordan Patel');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Could not assign the conversation with Ines Duarte')).toBeInTheDocument();
    expect(screen.getByText(/Jordan Patel is not on the store's roster/)).toBeInTheDocument();
    await waitFor(() => expect(pane).toHaveTextContent('Nobody is assigned'));
    expect(stored(sim, id).assigned_to).toBeNull();
  });

  it('runs a bulk action conversation by conversation and reports each result', async () => {
    const ok = newConversation(sim, 'Bulk Ok');
    const failing = newConversation(sim, 'Bulk Fails');
    sim.addFault({
      method: 'PUT',
      path: `/api/v1/agent-conversations/${failing}`,
      times: 1,
      status: 403,
      code: 'insufficient_scope',
    });
    const { user } = renderInbox(sim, '/inbox?status=active');
    const list = await screen.findByRole('list', { name: 'Conversations' });
    await user.click(within(list).getByRole('checkbox', { name: 'Select the conversation with Bulk Ok' }));
    await user.click(within(list).getByRole('checkbox', { name: 'Select the conversation with Bulk Fails' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Take over' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take over: 2 conversations' });
    await within(dialog).findByText('1 went through, 1 did not.');
    const items = within(dialog).getAllByRole('listitem');
    expect(items.find((item) => item.textContent?.includes('Bulk Ok'))).toHaveTextContent('Done');
    expect(items.find((item) => item.textContent?.includes('Bulk Fails'))).toHaveTextContent(
      /Failed: .*grant that scope/,
    );
    expect(stored(sim, ok).handoff_state).toBe('human');
    expect(stored(sim, failing).handoff_state).toBe('bot');

    await user.click(within(dialog).getByRole('button', { name: 'Try the failed ones again' }));
    await within(dialog).findByText('All 2 went through.');
    expect(stored(sim, failing).handoff_state).toBe('human');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByText(/selected/)).not.toBeInTheDocument();
  });

  it("assigns from a row's menu through the roster picker", async () => {
    const id = newConversation(sim, 'Menu Shopper');
    const { user } = renderInbox(sim, '/inbox?status=active');
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const trigger = within(list).getByRole('button', {
      name: 'Actions for the conversation with Menu Shopper',
    });
    await user.click(trigger);
    const menu = await screen.findByRole('menu', { name: 'Actions for the conversation with Menu Shopper' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Take over', 'Assign to me', 'Assign to…', 'Tags…', 'Snooze…', 'Close']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Assign to…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Assign to' }), 'Jordan Patel');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(stored(sim, id).assigned_to).toBe('usr_staff3'));
    const row = within(list).getByText('Menu Shopper').closest('[role="listitem"]');
    await waitFor(() => expect(row).toHaveTextContent('Jordan Patel'));
  });

  it("opens a row's menu by keyboard on its first item, Escape hands focus back, and Assign to… focuses the picker", async () => {
    newConversation(sim, 'Keys Shopper');
    const { user } = renderInbox(sim, '/inbox?status=active');
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const trigger = within(list).getByRole('button', {
      name: 'Actions for the conversation with Keys Shopper',
    });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    act(() => trigger.focus());
    await user.keyboard('{Enter}');
    // Expanded at once, while the menu's code may still be on its way.
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const menu = await screen.findByRole('menu', { name: 'Actions for the conversation with Keys Shopper' });
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Take over' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
    expect(trigger).toHaveAttribute('aria-expanded', 'false');

    await user.keyboard('{Enter}');
    // The arrows move from the first item once the menu has focused it (as a person waits for the menu).
    const again = await screen.findByRole('menu');
    await waitFor(() => expect(within(again).getByRole('menuitem', { name: 'Take over' })).toHaveFocus());
    await user.keyboard('{ArrowDown}{ArrowDown}');
    await waitFor(() => expect(within(again).getByRole('menuitem', { name: 'Assign to…' })).toHaveFocus());
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Assign' });
    // Focus back to the row's button after the dialog: e2e/row-menu.spec.ts (jsdom loses it, static or not).
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Assign to' })).toHaveFocus());
  });

  it('says so when the conversation does not exist in this store', async () => {
    renderInbox(sim, '/inbox/conv_nope?status=active');
    expect(
      await screen.findByRole('heading', { name: 'This conversation was not found' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /conversations/i })[0]).toHaveAttribute(
      'href',
      '/inbox?status=active',
    );
  });
});
