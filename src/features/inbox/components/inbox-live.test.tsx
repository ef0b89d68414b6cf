import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSimulator, type Simulator } from '../../../../mocks/simulator';
import { conversationWire, messageWire } from '../../../../mocks/state/wire';
import type { TagRef } from '@/schemas/tag-ref';
import { server } from '@/testing/msw-server';
import { renderWithApp } from '@/testing/render-with-app';

// The inbox and the open conversation fed by the live hub's stream (the test BFF's, see test-live-stream.ts).

vi.setConfig({ testTimeout: 15_000 });

let sim: Simulator;
/** The browser's own reads of the store's conversation list: none, the BFF's inbox serves every list. */
let apiListReads: number;
let inboxReads: number;
const countReads = ({ request }: { request: Request }) => {
  const { pathname } = new URL(request.url);
  if (pathname === '/api/v1/agent-conversations') apiListReads += 1;
  if (pathname === '/bff/inbox') inboxReads += 1;
};

beforeEach(() => {
  localStorage.clear();
  sim = createSimulator();
  apiListReads = 0;
  inboxReads = 0;
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(900);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
  Element.prototype.scrollTo = () => undefined;
  server.events.on('request:start', countReads);
});
afterEach(() => {
  server.events.removeListener('request:start', countReads);
  vi.restoreAllMocks();
  delete (Element.prototype as Partial<Element>).scrollTo;
});

function renderInbox(route: string, live = true) {
  return renderWithApp({
    route,
    session: 'staff',
    live,
    simulator: sim,
  });
}

async function waitingCount(): Promise<number> {
  await waitFor(() => expect(document.title).toMatch(/^\(\d+\) Inbox/));
  return Number(/^\((\d+)\)/.exec(document.title)![1]);
}

describe('the live stream', () => {
  it('shows a pushed handoff at once, highlighted and counted in the title, without polling', async () => {
    const { bff } = renderInbox('/inbox');
    await screen.findByRole('list', { name: 'Conversations' }, { timeout: 5_000 });
    expect(await screen.findByText('Live')).toBeInTheDocument();
    const before = await waitingCount();

    const { conversation } = sim.shopperWrites({
      display_name: 'Priya Shah',
      email: null,
      content: 'I want a person',
      escalate: true,
    });
    act(() => bff.live.emit('conversation', conversationWire(conversation)));

    const list = screen.getByRole('list', { name: 'Conversations' });
    const row = (await within(list).findByText('Priya Shah')).closest('[role="listitem"]')!;
    // The row can arrive a render before its handoff mark: both come from the same pushed change.
    await waitFor(() => expect(row).toHaveTextContent('New handoff'));
    await waitFor(() => expect(document.title).toBe(`(${before + 1}) Inbox · Sales assistant`));
    expect(apiListReads).toBe(0);
  });

  it('says it updates every few seconds when the stream cannot be opened, and polls', async () => {
    renderInbox('/inbox', false);
    await screen.findByRole('list', { name: 'Conversations' }, { timeout: 5_000 });
    expect(await screen.findByText('Updating every few seconds')).toBeInTheDocument();
    await waitingCount();
    const readsBefore = inboxReads;

    sim.shopperWrites({ display_name: 'Priya Shah', email: null, content: 'Hello?', escalate: true });
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    const list = screen.getByRole('list', { name: 'Conversations' });
    expect(await within(list).findByText('Priya Shah')).toBeInTheDocument();
    expect(inboxReads).toBeGreaterThan(readsBefore);
    expect(apiListReads).toBe(0);
  });

  it('resumes after a drop from the last event id and shows what changed meanwhile', async () => {
    const { bff } = renderInbox('/inbox');
    await screen.findByRole('list', { name: 'Conversations' }, { timeout: 5_000 });
    expect(await screen.findByText('Live')).toBeInTheDocument();
    await waitingCount();
    act(() => bff.live.emit('config', { updated_at: null }));
    const lastSeen = '1'; // The config event's id: the last one before the cut.

    const { conversation } = sim.shopperWrites({
      display_name: 'Noor Haddad',
      email: null,
      content: 'Anyone?',
      escalate: true,
    });
    act(() => {
      bff.live.drop();
      bff.live.emitWhileCut('conversation', conversationWire(conversation));
    });

    const list = screen.getByRole('list', { name: 'Conversations' });
    expect(await within(list).findByText('Noor Haddad')).toBeInTheDocument();
    expect(bff.live.connects.at(-1)).toEqual({ lastEventId: lastSeen });
    expect(await screen.findByText('Live')).toBeInTheDocument();
    expect(apiListReads).toBe(0);
  });

  it('reads the lists again on resync', async () => {
    const { bff } = renderInbox('/inbox');
    const list = await screen.findByRole('list', { name: 'Conversations' }, { timeout: 5_000 });
    expect(await screen.findByText('Live')).toBeInTheDocument();
    sim.shopperWrites({ display_name: 'Ola Berg', email: null, content: 'Hi', escalate: true });
    act(() => bff.live.emit('resync', {}));
    expect(await within(list).findByText('Ola Berg')).toBeInTheDocument();
  });

  it('reads the lists again when the first pass pushes a batch of previews', async () => {
    const { bff } = renderInbox('/inbox');
    const list = await screen.findByRole('list', { name: 'Conversations' }, { timeout: 5_000 });
    expect(await screen.findByText('Live')).toBeInTheDocument();
    // The read after the stream opened (debounced) is done: the next one is the event's.
    await new Promise((resolve) => setTimeout(resolve, 600));
    const { conversation } = sim.shopperWrites({
      display_name: 'Ada Lind',
      email: null,
      content: 'Hi',
      escalate: true,
    });
    act(() => bff.live.emit('previews', { conversation_ids: [conversation.id] }));
    expect(await within(list).findByText('Ada Lind')).toBeInTheDocument();
  });
});

describe('the open conversation', () => {
  it('sends presence, says who else is there, and shows a message pushed by the stream', async () => {
    const { conversation } = sim.shopperWrites({
      display_name: 'Ines Duarte',
      email: null,
      content: 'Do you ship to Norway?',
      escalate: true,
    });
    const { bff, user } = renderInbox(`/inbox/${conversation.id}?status=active`);
    const pane = await screen.findByRole('region', { name: 'Ines Duarte' }, { timeout: 5_000 });
    await within(pane).findByRole('region', { name: 'Transcript' });
    await waitFor(() =>
      expect(bff.live.presence.at(-1)).toMatchObject({
        conversation_id: conversation.id,
        state: 'viewing',
      }),
    );
    expect(bff.live.presence.at(-1)?.tab_id).toMatch(/^[\w-]+$/);

    await user.type(within(pane).getByRole('textbox', { name: /reply/i }), 'On it');
    await waitFor(() =>
      expect(bff.live.presence.at(-1)).toMatchObject({
        conversation_id: conversation.id,
        state: 'replying',
      }),
    );

    const since = new Date().toISOString();
    act(() =>
      bff.live.emit('presence', {
        conversation_id: conversation.id,
        viewers: [
          { user_id: 'usr_staff1', name: 'Sam Rivera', state: 'replying', since },
          { user_id: 'usr_staff2', name: 'Alex Kim', state: 'viewing', since },
        ],
      }),
    );
    await waitFor(() => expect(pane).toHaveTextContent('Alex Kim (available) is viewing'));
    expect(within(pane).queryByText(/Sam Rivera/)).not.toBeInTheDocument();

    const { message } = sim.shopperWrites({ conversation_id: conversation.id, content: 'Still there?' });
    act(() => bff.live.emit('message', { conversation_id: conversation.id, message: messageWire(message) }));
    expect(await within(pane).findByText('Still there?')).toBeInTheDocument();

    // A rating comes as the same message again, now rated: it replaces the one shown.
    const reply = sim
      .store('store_demo')!
      .messages.get(conversation.id)!
      .findLast((item) => item.role === 'assistant')!;
    const rated = sim.rateMessage(reply.id, 2);
    act(() => bff.live.emit('message', { conversation_id: conversation.id, message: messageWire(rated) }));
    expect(
      await within(pane).findByRole('img', { name: 'Shopper rated this reply 2 out of 5' }),
    ).toBeInTheDocument();
    expect(apiListReads).toBe(0);
  });
});

describe('availability beside names', () => {
  it("shows a teammate's availability on their row and presence chip, and follows a pushed change", async () => {
    const { conversation } = sim.shopperWrites({
      display_name: 'Ines Duarte',
      email: null,
      content: 'Do you ship to Norway?',
      escalate: true,
    });
    sim.store('store_demo')!.conversations.get(conversation.id)!.assigned_to = 'usr_staff2';
    const { bff } = renderInbox(`/inbox/${conversation.id}?status=active`);
    const pane = await screen.findByRole('region', { name: 'Ines Duarte' }, { timeout: 5_000 });
    const list = screen.getByRole('list', { name: 'Conversations' });
    const row = (await within(list).findByText('Ines Duarte')).closest('[role="listitem"]')!;
    await waitFor(() => expect(row).toHaveTextContent('Assigned to Alex Kim (available)'));
    act(() =>
      bff.live.emit('presence', {
        conversation_id: conversation.id,
        viewers: [
          { user_id: 'usr_staff2', name: 'Alex Kim', state: 'viewing', since: new Date().toISOString() },
        ],
      }),
    );
    await waitFor(() => expect(pane).toHaveTextContent('Alex Kim (available) is viewing'));

    Object.assign(
      bff.team.find((person) => person.user_id === 'usr_staff2')!,
      { status: 'away', chosen: 'away' },
    );
    act(() => bff.live.emit('availability', { user_ids: ['usr_staff2'] }));
    await waitFor(() => expect(pane).toHaveTextContent('Alex Kim (away) is viewing'));
    await waitFor(() => expect(row).toHaveTextContent('Assigned to Alex Kim (away)'));
  });
});

describe("a part's records changed", () => {
  it("reads again the part's records of the conversations it names, and the inbox", async () => {
    const { conversation } = sim.shopperWrites({
      display_name: 'Ines Duarte',
      email: null,
      content: 'Do you ship to Norway?',
      escalate: true,
    });
    // Another dashboard tags the conversation: this one learns of it only from the event.
    let tags: TagRef[] = [];
    let tagReads = 0;
    const { bff } = renderWithApp({
      route: `/inbox/${conversation.id}?status=active`,
      session: 'staff',
      live: true,
      simulator: sim,
      handlers: [
        http.get('/bff/conversations/:id/tags', () => {
          tagReads += 1;
          return HttpResponse.json({ data: tags });
        }),
      ],
    });
    const pane = await screen.findByRole('region', { name: 'Ines Duarte' }, { timeout: 5_000 });
    await waitFor(() => expect(tagReads).toBe(1));
    await waitFor(() => expect(inboxReads).toBeGreaterThan(0));
    const readsBefore = inboxReads;
    tags = [{ id: 'tag_0000000000a1', name: 'Wholesale', colour: 'amber' }];

    act(() => bff.live.emit('records', { part: 'tags', conversation_ids: [conversation.id] }));
    expect(await within(pane).findByText('Wholesale')).toBeVisible();
    await waitFor(() => expect(inboxReads).toBeGreaterThan(readsBefore));
  });
});
