import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSimulatorHandlers } from '../../../../mocks/handlers';
import { createSimulator, type Simulator } from '../../../../mocks/simulator';
import { renderWithApp } from '@/testing/render-with-app';

/**
 * jsdom lays nothing out: give every element a viewport so the virtualized list renders the rows a
 * browser would show, and let scrolling calls be harmless.
 */
function fakeLayout() {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(900);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
  Element.prototype.scrollTo = () => undefined;
  // Toasts capture the pointer on press; jsdom has no pointer capture.
  Element.prototype.setPointerCapture = () => undefined;
  Element.prototype.releasePointerCapture = () => undefined;
}

// The whole app renders through the real router against the simulator: a few seconds per test in jsdom.
vi.setConfig({ testTimeout: 15_000 });

let sim: Simulator;
beforeEach(() => {
  localStorage.clear();
  sim = createSimulator();
  fakeLayout();
});
afterEach(() => {
  vi.restoreAllMocks();
  for (const name of ['scrollTo', 'setPointerCapture', 'releasePointerCapture'] as const) {
    delete (Element.prototype as Partial<Element>)[name];
  }
});

function renderInbox(route: string, session: 'staff' | 'owner' = 'staff') {
  return renderWithApp({
    route,
    session,
    handlers: createSimulatorHandlers({ impersonateKey: 'sk_test_demo_owner', simulator: sim }),
  });
}

function stored(conversationId: string) {
  const record = sim.store('store_demo')!.conversations.get(conversationId)!;
  return { status: record.status, handoff_state: record.handoff_state, assigned_to: record.assigned_to };
}

/** A fresh conversation with the bot, nobody assigned. */
function newConversation(displayName: string) {
  return sim.shopperWrites({ display_name: displayName, email: null, content: 'Do you ship to Norway?' })
    .conversation.id;
}

async function openPane(name: string) {
  const pane = await screen.findByRole('region', { name });
  await within(pane).findByRole('button', { name: 'Close' });
  return pane;
}

describe('inbox filters', () => {
  it('writes the default view into the URL and keeps filters in it through navigation and a reload', async () => {
    const { user, router, unmount } = renderInbox('/inbox');
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
    renderInbox(address);
    expect(await screen.findByLabelText('Channel')).toHaveValue('website');
    expect(screen.getByLabelText('Status')).toHaveValue('closed');
  });

  it('offers anyone, me, nobody and each roster member as assignee filters', async () => {
    renderInbox('/inbox?status=active');
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
    const id = newConversation('Ines Duarte');
    const { user } = renderInbox(`/inbox/${id}?status=active`);
    const pane = await openPane('Ines Duarte');
    expect(pane).toHaveTextContent('Nobody is assigned');

    // Meanwhile a teammate assigns it to themselves; this page has not heard of it.
    const record = sim.store('store_demo')!.conversations.get(id)!;
    record.assigned_to = 'usr_staff2';
    record.updated_at = sim.clock.stamp();

    await user.click(within(pane).getByRole('button', { name: 'Take over' }));
    await within(pane).findByText('Alex Kim');
    expect(pane).toHaveTextContent('Human');
    expect(stored(id)).toEqual({ status: 'active', handoff_state: 'human', assigned_to: 'usr_staff2' });
  });

  it('shows a change at once, rolls it back with a clear message when it fails, and retries with the same key', async () => {
    const id = newConversation('Ines Duarte');
    const path = `/api/v1/agent-conversations/${id}`;
    sim.addFault({ method: 'PUT', path, times: 1, delay_ms: 1000, status: 403, code: 'insufficient_scope' });
    const { user, bff } = renderInbox(`/inbox/${id}?status=active`);
    const pane = await openPane('Ines Duarte');

    await user.click(within(pane).getByRole('button', { name: 'Close' }));
    // Optimistic: closed at once…
    expect(await within(pane).findByRole('button', { name: 'Reopen' })).toBeInTheDocument();
    expect(pane).toHaveTextContent('Closed');
    // …then back as it was, with what happened and what to do.
    expect(
      await screen.findByText('Could not close the conversation with Ines Duarte', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Ask the store owner to grant that scope/)).toBeInTheDocument();
    expect(await within(pane).findByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(pane).toHaveTextContent('Active');
    expect(stored(id).status).toBe('active');

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(stored(id).status).toBe('closed'));
    expect(await within(pane).findByRole('button', { name: 'Reopen' })).toBeInTheDocument();
    const keys = bff.requests
      .filter((request) => request.method === 'PUT' && request.path === path)
      .map((request) => request.headers.get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);

    // A close can be undone from its toast.
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(stored(id).status).toBe('active'));
  });

  it('explains invalid_assignee', async () => {
    const id = newConversation('Ines Duarte');
    sim.addFault({
      method: 'PUT',
      path: `/api/v1/agent-conversations/${id}`,
      times: 1,
      status: 400,
      code: 'invalid_assignee',
    });
    const { user } = renderInbox(`/inbox/${id}?status=active`);
    const pane = await openPane('Ines Duarte');

    await user.click(within(pane).getByRole('button', { name: 'Assign to…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Assign to' }), 'Jordan Patel');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('Could not assign the conversation with Ines Duarte')).toBeInTheDocument();
    expect(screen.getByText(/Jordan Patel is not on the store's roster/)).toBeInTheDocument();
    await waitFor(() => expect(pane).toHaveTextContent('Nobody is assigned'));
    expect(stored(id).assigned_to).toBeNull();
  });

  it('runs a bulk action conversation by conversation and reports each result', async () => {
    const ok = newConversation('Bulk Ok');
    const failing = newConversation('Bulk Fails');
    sim.addFault({
      method: 'PUT',
      path: `/api/v1/agent-conversations/${failing}`,
      times: 1,
      status: 403,
      code: 'insufficient_scope',
    });
    const { user } = renderInbox('/inbox?status=active');
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
    expect(stored(ok).handoff_state).toBe('human');
    expect(stored(failing).handoff_state).toBe('bot');

    await user.click(within(dialog).getByRole('button', { name: 'Try the failed ones again' }));
    await within(dialog).findByText('All 2 went through.');
    expect(stored(failing).handoff_state).toBe('human');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByText(/selected/)).not.toBeInTheDocument();
  });

  it("assigns from a row's menu through the roster picker", async () => {
    const id = newConversation('Menu Shopper');
    const { user } = renderInbox('/inbox?status=active');
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
    ).toEqual(['Take over', 'Assign to me', 'Assign to…', 'Close']);
    await user.click(within(menu).getByRole('menuitem', { name: 'Assign to…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Assign to' }), 'Jordan Patel');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(stored(id).assigned_to).toBe('usr_staff3'));
    const row = within(list).getByText('Menu Shopper').closest('[role="listitem"]');
    await waitFor(() => expect(row).toHaveTextContent('Jordan Patel'));
  });

  it('says so when the conversation does not exist in this store', async () => {
    renderInbox('/inbox/conv_nope?status=active');
    expect(
      await screen.findByRole('heading', { name: 'This conversation was not found' }),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /conversations/i })[0]).toHaveAttribute(
      'href',
      '/inbox?status=active',
    );
  });
});

describe('live updates', () => {
  it('shows a new handoff without a reload, highlighted, and counts it in the tab title', async () => {
    renderInbox('/inbox');
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
    expect(within(list).getAllByRole('listitem')[0]).toBe(row);
    await waitFor(() => expect(document.title).toBe(`(${before + 1}) Inbox · Sales assistant`));
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
      const { user } = renderInbox('/inbox');
      await screen.findByRole('list', { name: 'Conversations' });
      expect(requestPermission).not.toHaveBeenCalled();

      await user.click(screen.getByRole('button', { name: 'Turn on desktop alerts for new handoffs' }));
      expect(requestPermission).toHaveBeenCalledOnce();
      expect(await screen.findByRole('button', { name: 'Turn off desktop alerts' })).toBeInTheDocument();
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
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('keyboard', () => {
  it('opens a sheet of every key with ?, but not while typing in a field', async () => {
    const id = newConversation('Ines Duarte');
    const { user } = renderInbox(`/inbox/${id}?status=active`);
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
    ]) {
      expect(within(sheet).getByText(label)).toBeInTheDocument();
    }
    await user.click(within(sheet).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument();
  });

  it('takes over the open conversation with t and assigns it with m', async () => {
    const id = newConversation('Ines Duarte');
    const { user } = renderInbox(`/inbox/${id}?status=active`);
    const pane = await openPane('Ines Duarte');
    within(pane).getByRole('heading', { name: 'Ines Duarte' }).focus();

    await user.keyboard('t');
    await waitFor(() => expect(stored(id).handoff_state).toBe('human'));
    await user.keyboard('m');
    await waitFor(() => expect(stored(id).assigned_to).toBe('usr_staff1'));
    expect(pane).toHaveTextContent('Assigned to Sam Rivera');
  });
});
