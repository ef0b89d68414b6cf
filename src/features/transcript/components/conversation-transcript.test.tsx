import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  catchUpLive,
  findConversation,
  messagesPathOf,
  renderTranscript,
  setUpTranscriptTests,
  sim,
  storedMessages,
} from '@/testing/transcript-harness';

setUpTranscriptTests();

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

describe('ConversationTranscript: history', () => {
  it('shows who took over among the messages, as a line that is not a message', async () => {
    const conversation = findConversation(
      sim,
      (c, count) => c.handoff_state === 'human' && c.status === 'active' && count > 1 && count < 12,
    );
    const messages = storedMessages(sim, conversation.id);
    const between = new Date((Date.parse(messages[0]!.created_at) + Date.parse(messages[1]!.created_at)) / 2);
    const entry = (id: string, kind: string, at: string, fields: Record<string, unknown> = {}) => ({
      id,
      conversation_id: conversation.id,
      kind,
      version: at,
      at,
      actor_user_id: null,
      ...fields,
    });
    const { bff } = renderTranscript(sim, conversation.id);
    bff.history.set(conversation.id, [
      entry('1', 'handed_to_person', between.toISOString(), { actor_user_id: 'usr_staff1' }),
      entry('2', 'assigned', between.toISOString(), {
        actor_user_id: 'usr_staff1',
        assigned_to: 'usr_staff1',
      }),
    ]);
    const region = await screen.findByRole('region', { name: 'Transcript' });
    const line = await within(region).findByText(/^Sam Rivera took over ·/);
    // Between the first and the second message, and not counted as a message.
    const rows = within(region).getAllByRole('listitem');
    expect(rows[1]).toContainElement(line);
    expect(within(region).getByRole('list', { name: `${messages.length} messages` })).toBeInTheDocument();
  });
});
