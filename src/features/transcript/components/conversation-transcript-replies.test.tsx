import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished } from 'vitest';
import { simClient } from '../../../../mocks/testing/sim-client';
import {
  findConversation,
  messagesPathOf,
  postsTo,
  renderTranscript,
  setUpTranscriptTests,
  sim,
  STAFF_NAME,
  storedMessages,
  typeReply,
} from '@/testing/transcript-harness';
import { putOutboxEntry, readOutbox } from '../outbox';
import { IN_PROGRESS_PATIENCE } from '../send-reply';
import { writeDraft } from '../drafts';

setUpTranscriptTests();

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

  it('sends once on a double-click of Send, with no stale "cannot be blank" after it', async () => {
    const conversation = humanConversation();
    const before = storedMessages(sim, conversation.id).length;
    const { user, bff } = renderTranscript(sim, conversation.id);
    await typeReply(user, 'On its way.');
    await user.dblClick(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(storedMessages(sim, conversation.id)).toHaveLength(before + 1));
    expect(postsTo(bff, conversation.id)).toHaveLength(1);
    expect(screen.queryByText('A reply cannot be blank.')).not.toBeInTheDocument();
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
    writeDraft('usr_staff1', conversation.id, 'Written before it closed');
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
