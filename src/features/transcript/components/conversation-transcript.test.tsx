import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createSimulatorHandlers } from '../../../../mocks/handlers';
import { createSimulator, type Simulator } from '../../../../mocks/simulator';
import { simClient } from '../../../../mocks/testing/sim-client';
import { apiRequest } from '@/lib/api-client';
import { conversationSchema, type Conversation } from '@/schemas/conversation';
import { singleSchema } from '@/schemas/page';
import { renderWithApp } from '@/testing/render-with-app';
import { putOutboxEntry, readOutbox } from '../outbox';
import { IN_PROGRESS_PATIENCE } from '../send-reply';
import { ConversationTranscript } from './conversation-transcript';

const conversationPath = (id: string) => `/api/v1/agent-conversations/${encodeURIComponent(id)}`;

const probeConversationOptions = (id: string) =>
  queryOptions({
    // Its own key: the inbox's conversation caches (and their live sync) are not under test here.
    queryKey: ['transcript-test-probe', id],
    queryFn: () => apiRequest(conversationPath(id), { schema: singleSchema(conversationSchema) }),
  });

/** Stands in for the inbox: loads the conversation and offers its takeover and reopen actions. */
function InboxProbe() {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const query = useQuery(probeConversationOptions(id));
  if (!query.data) return <p>Loading the conversation…</p>;
  const conversation = query.data.data;
  const put = async (change: Partial<Pick<Conversation, 'status' | 'handoff_state'>>) => {
    await apiRequest(conversationPath(id), {
      method: 'PUT',
      body: {
        status: conversation.status,
        handoff_state: conversation.handoff_state,
        assigned_to: conversation.assigned_to,
        ...change,
      },
      schema: singleSchema(conversationSchema),
    });
    await queryClient.invalidateQueries({ queryKey: probeConversationOptions(id).queryKey });
  };
  return (
    <div style={{ height: 700 }}>
      <ConversationTranscript
        conversation={conversation}
        onTakeOver={() => put({ handoff_state: 'human' })}
        onReopen={() => put({ status: 'active' })}
      />
    </div>
  );
}

/**
 * jsdom lays nothing out: give the transcript's scroller a viewport and each row a height so the
 * virtualizer renders what a browser would, and let scrolling move the scroller.
 */
function fakeLayout() {
  const scrollTops = new WeakMap<Element, number>();
  const isScroller = (element: Element) => element.hasAttribute('data-transcript-scroller');
  const rowCount = (element: Element) => element.querySelectorAll('li[data-index]').length;
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return isScroller(this) ? 600 : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (this: HTMLElement) {
    return isScroller(this) ? 800 : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.hasAttribute('data-index') ? 100 : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (this: HTMLElement) {
    if (!isScroller(this)) return 0;
    const list = this.querySelector('ol');
    return list ? Number.parseFloat(list.style.height) || rowCount(this) * 100 : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'scrollTop', 'get').mockImplementation(function (this: HTMLElement) {
    return scrollTops.get(this) ?? 0;
  });
  vi.spyOn(HTMLElement.prototype, 'scrollTop', 'set').mockImplementation(function (
    this: HTMLElement,
    value: number,
  ) {
    scrollTops.set(this, value);
  });
  Element.prototype.scrollTo = function (this: Element, options?: ScrollToOptions | number) {
    const top = typeof options === 'object' ? (options.top ?? 0) : 0;
    const max = Math.max(0, this.scrollHeight - this.clientHeight);
    scrollTops.set(this, Math.min(Math.max(0, top), max));
    this.dispatchEvent(new Event('scroll'));
  };
}

function findConversation(
  sim: Simulator,
  match: (conversation: Conversation, messageCount: number) => boolean,
) {
  const store = sim.store('store_demo')!;
  for (const conversation of store.conversations.values()) {
    const count = (store.messages.get(conversation.id) ?? []).filter(
      (message) => message.role !== 'tool',
    ).length;
    if (match(conversation as unknown as Conversation, count)) return conversation;
  }
  throw new Error('No seeded conversation matches.');
}

function storedMessages(sim: Simulator, conversationId: string) {
  return (sim.store('store_demo')!.messages.get(conversationId) ?? []).filter(
    (message) => message.role !== 'tool',
  );
}

function renderTranscript(sim: Simulator, conversationId: string, session: 'owner' | 'staff' = 'staff') {
  return renderWithApp({
    route: `/t/${conversationId}`,
    session,
    handlers: createSimulatorHandlers({ impersonateKey: 'sk_test_demo_owner', simulator: sim }),
    signedInRoutes: [{ path: '/t/:id', element: <InboxProbe /> }],
  });
}

const STAFF_NAME = 'Sam Rivera';

let sim: Simulator;
beforeEach(() => {
  localStorage.clear();
  sim = createSimulator();
  fakeLayout();
});
afterEach(() => {
  vi.restoreAllMocks();
  delete (Element.prototype as Partial<Element>).scrollTo;
});

function messagesPathOf(id: string) {
  return `/api/v1/agent-conversations/${id}/messages`;
}

function postsTo(bff: ReturnType<typeof renderTranscript>['bff'], conversationId: string) {
  return bff.requests.filter(
    (request) => request.method === 'POST' && request.path === messagesPathOf(conversationId),
  );
}

/** Reads the transcript's live tail now instead of at the next tick (the tab becoming visible does that). */
function catchUpLive() {
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

async function typeReply(user: ReturnType<typeof renderTranscript>['user'], text: string) {
  const box = await screen.findByRole('textbox', { name: /^Reply to/ });
  await user.click(box);
  await user.keyboard(text);
  return box;
}

describe('ConversationTranscript: reading', () => {
  it('shows shopper and store turns apart, staff by name (unknown ids as they are), and ratings', async () => {
    const conversation = findConversation(
      sim,
      (c, count) =>
        c.handoff_state === 'human' &&
        c.status === 'active' &&
        count > 3 &&
        count < 12 &&
        c.display_name !== null,
    );
    const transcript = sim.store('store_demo')!.messages.get(conversation.id)!;
    const base = transcript.at(-1)!;
    transcript.push(
      {
        ...base,
        id: 'msg_test_staff',
        role: 'assistant',
        author_user_id: 'usr_staff2',
        content: 'Alex here, happy to help.',
        rating: null,
      },
      {
        ...base,
        id: 'msg_test_gone',
        role: 'assistant',
        author_user_id: 'usr_left_the_store',
        content: 'From a former teammate.',
        rating: null,
      },
    );
    sim.rateMessage('msg_test_staff', 2);

    renderTranscript(sim, conversation.id);
    const region = await screen.findByRole('region', { name: 'Transcript' });
    const articles = within(region).getAllByRole('article');
    expect(articles).toHaveLength(storedMessages(sim, conversation.id).length);

    const first = storedMessages(sim, conversation.id)[0]!;
    expect(first.role).toBe('user');
    expect(within(articles[0]!).getByText(conversation.display_name!)).toBeInTheDocument();
    expect(within(articles[0]!).getByText('Shopper')).toBeInTheDocument();
    const bot = articles.find((article) => within(article).queryByText('Assistant'));
    expect(bot).toBeDefined();

    const staff = screen.getByRole('article', { name: /^Alex Kim,/ });
    expect(within(staff).getByText('Alex here, happy to help.')).toBeInTheDocument();
    expect(
      within(staff).getByRole('img', { name: 'Shopper rated this reply 2 out of 5' }),
    ).toBeInTheDocument();
    expect(within(staff).getByText('Low rating')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: /^usr_left_the_store,/ })).toBeInTheDocument();
    // Every message has its time, absolute on hover.
    expect(within(articles[0]!).getByText((_, element) => element?.tagName === 'TIME')).toHaveAttribute(
      'title',
      expect.stringMatching(/\d/),
    );
  });

  it('walks every page and opens at the latest message', async () => {
    const { conversation } = sim.shopperWrites({
      content: 'Message 1',
      display_name: 'Paging Shopper',
      escalate: true,
    });
    for (let index = 2; index <= 248; index += 1) {
      sim.shopperWrites({ conversation_id: conversation.id, content: `Message ${index}` });
    }
    const total = storedMessages(sim, conversation.id).length;
    expect(total).toBeGreaterThan(200);

    const { bff } = renderTranscript(sim, conversation.id);
    expect(await screen.findByRole('list', { name: `${total} messages` })).toBeInTheDocument();
    expect(await screen.findByText('Message 248')).toBeInTheDocument();
    expect(screen.queryByText('Message 1')).not.toBeInTheDocument();
    const reads = bff.requests.filter(
      (request) => request.method === 'GET' && request.path === messagesPathOf(conversation.id),
    );
    expect(reads.length).toBeGreaterThanOrEqual(3);
  });

  it('says when the transcript cannot be loaded, and loads it on retry', async () => {
    const conversation = findConversation(sim, (c) => c.status === 'active');
    sim.addFault({ method: 'GET', path: messagesPathOf(conversation.id), times: 3, status: 500 });
    const { user } = renderTranscript(sim, conversation.id);
    expect(await screen.findByRole('heading', { name: 'The server had a problem' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Transcript' })).toBeInTheDocument();
  });

  it('shows a shopper message and a rating that arrive while it is open', async () => {
    const conversation = findConversation(
      sim,
      (c, count) => c.handoff_state === 'human' && c.status === 'active' && count < 10,
    );
    renderTranscript(sim, conversation.id);
    await screen.findByRole('region', { name: 'Transcript' });

    const { message } = sim.shopperWrites({
      conversation_id: conversation.id,
      content: 'Are you still there?',
    });
    catchUpLive();
    expect(await screen.findByText('Are you still there?')).toBeInTheDocument();
    expect(screen.getByText(/New message from .*: Are you still there\?/)).toBeInTheDocument();

    const lastStoreMessage = storedMessages(sim, conversation.id).findLast(
      (item) => item.role === 'assistant',
    );
    sim.rateMessage(lastStoreMessage!.id, 5);
    catchUpLive();
    expect(
      await screen.findByRole('img', { name: 'Shopper rated this reply 5 out of 5' }),
    ).toBeInTheDocument();
    expect(message.id).toBeTruthy();
  });

  it('marks new messages when the reader has scrolled up, and jumps to them', async () => {
    const { conversation } = sim.shopperWrites({ content: 'Hello', escalate: true });
    for (let index = 1; index <= 30; index += 1) {
      sim.shopperWrites({ conversation_id: conversation.id, content: `Earlier ${index}` });
    }
    const { user } = renderTranscript(sim, conversation.id);
    const region = await screen.findByRole('region', { name: 'Transcript' });
    await screen.findByText('Earlier 30');

    act(() => region.scrollTo({ top: 0 }));
    expect(await screen.findByRole('button', { name: 'Jump to latest' })).toBeInTheDocument();

    sim.shopperWrites({ conversation_id: conversation.id, content: 'Anyone?' });
    catchUpLive();
    const marker = await screen.findByRole('button', { name: '1 new message' });
    await user.click(marker);
    expect(await screen.findByText('Anyone?')).toBeInTheDocument();
    expect(screen.getByRole('separator', { name: 'New messages' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /new message|Jump to latest/ })).not.toBeInTheDocument(),
    );
  });
});

describe('ConversationTranscript: replying', () => {
  const humanConversation = () =>
    findConversation(sim, (c, count) => c.handoff_state === 'human' && c.status === 'active' && count < 10);

  it('refuses a blank reply before sending anything', async () => {
    const conversation = humanConversation();
    const { user, bff } = renderTranscript(sim, conversation.id);
    await typeReply(user, '   ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('A reply cannot be blank.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Reply to/ })).toHaveAttribute('aria-invalid', 'true');
    expect(postsTo(bff, conversation.id)).toHaveLength(0);
  });

  it('sends with Ctrl+Enter as the signed-in author, leaves handoff_state alone and clears the draft', async () => {
    const conversation = humanConversation();
    const before = storedMessages(sim, conversation.id).length;
    const { user } = renderTranscript(sim, conversation.id);
    const box = await typeReply(user, 'Your parcel leaves today.');
    await user.keyboard('{Control>}{Enter}{/Control}');

    const reply = await screen.findByRole('article', { name: new RegExp(`^${STAFF_NAME},`) });
    expect(within(reply).getByText('Your parcel leaves today.')).toBeInTheDocument();
    await waitFor(() => expect(within(reply).queryByText('Sending…')).not.toBeInTheDocument());
    expect(box).toHaveValue('');

    const stored = storedMessages(sim, conversation.id);
    expect(stored).toHaveLength(before + 1);
    expect(stored.at(-1)).toMatchObject({
      content: 'Your parcel leaves today.',
      author_user_id: 'usr_staff1',
      role: 'assistant',
    });
    expect(sim.store('store_demo')!.conversations.get(conversation.id)!.handoff_state).toBe('human');
    expect(readOutbox('usr_staff1')).toHaveLength(0);
    expect(localStorage.length).toBe(0);
  });

  it('shows a reply as sending while the server holds it', async () => {
    const conversation = humanConversation();
    sim.addFault({ method: 'POST', path: messagesPathOf(conversation.id), times: 1, delay_ms: 300 });
    const { user } = renderTranscript(sim, conversation.id);
    await typeReply(user, 'One moment please.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const pending = await screen.findByRole('article', { name: new RegExp(`^${STAFF_NAME},.*sending$`) });
    expect(within(pending).getByText('Sending…')).toBeInTheDocument();
    // Persisted before the request left.
    expect(readOutbox('usr_staff1')).toEqual([
      expect.objectContaining({ content: 'One moment please.', status: 'sending' }),
    ]);
    await waitFor(() => expect(screen.queryByText('Sending…')).not.toBeInTheDocument());
    expect(
      storedMessages(sim, conversation.id).filter((item) => item.content === 'One moment please.'),
    ).toHaveLength(1);
  });

  it('applies a reply once when the connection drops after the server stored it', async () => {
    const conversation = humanConversation();
    sim.addFault({ method: 'POST', path: messagesPathOf(conversation.id), times: 1, drop: 'after' });
    const { user, bff } = renderTranscript(sim, conversation.id);
    await typeReply(user, 'Sent exactly once.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('Sent exactly once.');
    await waitFor(() => expect(screen.queryByText('Sending…')).not.toBeInTheDocument());

    const posts = postsTo(bff, conversation.id);
    expect(posts.length).toBe(2);
    expect(new Set(posts.map((post) => post.headers.get('idempotency-key'))).size).toBe(1);
    expect(
      storedMessages(sim, conversation.id).filter((item) => item.content === 'Sent exactly once.'),
    ).toHaveLength(1);
    expect(
      sim.deliveries(conversation.id).filter((item) => item.content === 'Sent exactly once.'),
    ).toHaveLength(1);
    expect(screen.getAllByText('Sent exactly once.')).toHaveLength(1);
  });

  it('keeps a reply that failed, and a retry sends it with the same key', async () => {
    const conversation = humanConversation();
    sim.addFault({ method: 'POST', path: messagesPathOf(conversation.id), times: 3, status: 503 });
    const { user, bff } = renderTranscript(sim, conversation.id);
    await typeReply(user, 'Retry me.');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const failed = await screen.findByRole('article', { name: new RegExp(`^${STAFF_NAME},.*not sent$`) });
    expect(within(failed).getByText('Not sent: The server had a problem')).toBeInTheDocument();
    expect(within(failed).getByText(/may already have reached the shopper/)).toBeInTheDocument();
    expect(storedMessages(sim, conversation.id).some((item) => item.content === 'Retry me.')).toBe(false);

    await user.click(within(failed).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByText(/^Not sent/)).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByText('Sending…')).not.toBeInTheDocument());
    expect(storedMessages(sim, conversation.id).filter((item) => item.content === 'Retry me.')).toHaveLength(
      1,
    );
    const keys = new Set(postsTo(bff, conversation.id).map((post) => post.headers.get('idempotency-key')));
    expect(keys.size).toBe(1);
  });

  it('edits a reply that cannot be sent as it is: a new reply with a new key, the old one gone', async () => {
    const conversation = humanConversation();
    sim.addFault({
      method: 'POST',
      path: messagesPathOf(conversation.id),
      times: 1,
      status: 413,
      code: 'payload_too_large',
    });
    const { user, bff } = renderTranscript(sim, conversation.id);
    const box = await typeReply(user, 'Too long');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const failed = await screen.findByRole('article', { name: /not sent$/ });
    expect(within(failed).getByText('Not sent: That is too large to send')).toBeInTheDocument();
    expect(within(failed).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    await user.click(within(failed).getByRole('button', { name: 'Edit' }));
    expect(box).toHaveValue('Too long');
    expect(box).toHaveFocus();
    expect(screen.queryByRole('article', { name: /not sent$/ })).not.toBeInTheDocument();

    await user.type(box, ', now shorter');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText('Too long, now shorter');
    await waitFor(() => expect(screen.queryByText('Sending…')).not.toBeInTheDocument());
    const keys = postsTo(bff, conversation.id).map((post) => post.headers.get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
    expect(
      storedMessages(sim, conversation.id).filter((item) => item.content.startsWith('Too long')),
    ).toHaveLength(1);
  });

  it('resends a reply left pending by a reload with its stored key: the simulator holds it once', async () => {
    const conversation = humanConversation();
    const key = 'key-from-before-the-reload';
    // The first request reached the server before the page went away...
    const { call } = simClient({ simulator: sim, impersonateKey: 'sk_test_demo_owner' });
    const first = await call('POST', messagesPathOf(conversation.id), {
      idempotencyKey: key,
      body: { content: 'Sent before the reload.', author_user_id: 'usr_staff1' },
    });
    expect(first.status).toBe(201);
    // ...and the outbox still says it is on its way.
    putOutboxEntry({
      conversationId: conversation.id,
      idempotencyKey: key,
      content: 'Sent before the reload.',
      authorUserId: 'usr_staff1',
      createdAt: new Date().toISOString(),
      status: 'sending',
    });

    const { bff } = renderTranscript(sim, conversation.id);
    await waitFor(() => expect(readOutbox('usr_staff1')).toHaveLength(0));
    expect(postsTo(bff, conversation.id).map((post) => post.headers.get('idempotency-key'))).toEqual([key]);
    expect(
      storedMessages(sim, conversation.id).filter((item) => item.content === 'Sent before the reload.'),
    ).toHaveLength(1);
    expect(await screen.findAllByText('Sent before the reload.')).toHaveLength(1);
  });

  it('waits for the first request of a key the server still holds, then shows the reply once', async () => {
    const conversation = humanConversation();
    const key = 'key-still-running-on-the-server';
    const body = { content: 'Held by the server.', author_user_id: 'usr_staff1' };
    // The request sent before the reload is still running on the server (409 idempotency_key_in_progress).
    sim.addFault({ method: 'POST', path: messagesPathOf(conversation.id), times: 1, delay_ms: 300 });
    const { call } = simClient({ simulator: sim, impersonateKey: 'sk_test_demo_owner' });
    const first = call('POST', messagesPathOf(conversation.id), { idempotencyKey: key, body });
    putOutboxEntry({
      conversationId: conversation.id,
      idempotencyKey: key,
      content: body.content,
      authorUserId: 'usr_staff1',
      createdAt: new Date().toISOString(),
      status: 'sending',
    });
    const patience = IN_PROGRESS_PATIENCE.waitMs;
    IN_PROGRESS_PATIENCE.waitMs = 50;
    onTestFinished(() => {
      IN_PROGRESS_PATIENCE.waitMs = patience;
    });

    const { bff } = renderTranscript(sim, conversation.id);
    expect((await first).status).toBe(201);
    await waitFor(() => expect(readOutbox('usr_staff1')).toHaveLength(0));
    expect(screen.queryByText(/^Not sent/)).not.toBeInTheDocument();
    const keys = postsTo(bff, conversation.id).map((post) => post.headers.get('idempotency-key'));
    expect(keys.length).toBeGreaterThan(1);
    expect(new Set(keys)).toEqual(new Set([key]));
    expect(storedMessages(sim, conversation.id).filter((item) => item.content === body.content)).toHaveLength(
      1,
    );
    expect(await screen.findAllByText(body.content)).toHaveLength(1);
  });

  it('keeps the draft of each conversation across navigation', async () => {
    const conversation = humanConversation();
    const { user, router } = renderTranscript(sim, conversation.id);
    await typeReply(user, 'Half-written thought');
    await act(() => router.navigate('/inbox'));
    await act(() => router.navigate(`/t/${conversation.id}`));
    expect(await screen.findByRole('textbox', { name: /^Reply to/ })).toHaveValue('Half-written thought');
  });

  it('makes "Take over and send" the first choice on a bot conversation', async () => {
    const conversation = findConversation(
      sim,
      (c, count) => c.handoff_state === 'bot' && c.status === 'active' && count > 0,
    );
    const { user, bff } = renderTranscript(sim, conversation.id);
    expect(await screen.findByText(/The assistant is still answering/)).toBeInTheDocument();
    await typeReply(user, 'A person here: let me check.');
    await user.keyboard('{Control>}{Enter}{/Control}');

    await waitFor(() =>
      expect(sim.store('store_demo')!.conversations.get(conversation.id)!.handoff_state).toBe('human'),
    );
    await waitFor(() =>
      expect(
        storedMessages(sim, conversation.id).filter(
          (item) => item.content === 'A person here: let me check.',
        ),
      ).toHaveLength(1),
    );
    const writes = bff.requests.filter(
      (request) => request.method !== 'GET' && request.path.startsWith('/api/'),
    );
    expect(writes.map((request) => request.method)).toEqual(['PUT', 'POST']);
    await waitFor(() =>
      expect(screen.queryByText(/The assistant is still answering/)).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument();
  });

  it('offers Reopen on a closed conversation, and keeps the draft meanwhile', async () => {
    const conversation = findConversation(sim, (c) => c.status === 'closed' && c.handoff_state === 'human');
    localStorage.setItem(
      `sales-dashboard:reply-draft:usr_staff1:${conversation.id}`,
      'Written before it closed',
    );
    const { user } = renderTranscript(sim, conversation.id);
    expect(await screen.findByText(/This conversation is closed.*your draft is kept/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Reply to/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reopen conversation' }));
    expect(await screen.findByRole('textbox', { name: /^Reply to/ })).toHaveValue('Written before it closed');
    expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument();
    expect(sim.store('store_demo')!.conversations.get(conversation.id)!.status).toBe('active');
  });
});
