import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { conversationKeys, inboxKeys } from '@/lib/query-keys';
import { SessionContext } from '@/lib/session-context';
import type { Conversation } from '@/schemas/conversation';
import { buildConversation } from '@/testing/factories';
import { server } from '@/testing/msw-server';
import { pendingAction } from './conversation-action';
import { useConversationActions } from './use-conversation-actions';

const session = {
  user: { id: 'usr_staff1', email: 'staff@example.com', name: 'Alex Kim', role: 'staff' as const },
  roster: [],
};

describe('useConversationActions', () => {
  it('cancels a read of the conversation already on its way, so it cannot undo the optimistic change', async () => {
    const before = buildConversation({ id: 'conv_1', handoff_state: 'bot' });
    const after: Conversation = { ...before, handoff_state: 'human', updated_at: '2030-01-01T00:00:00.000Z' };
    let stored = before;
    server.use(
      http.get('/api/v1/agent-conversations/conv_1', () => HttpResponse.json({ data: stored })),
      http.put('/api/v1/agent-conversations/conv_1', async () => {
        await delay(300);
        stored = after;
        return HttpResponse.json({ data: after });
      }),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const key = conversationKeys.detail('conv_1');
    queryClient.setQueryData(key, before);
    // A slow read that started before the action: it answers with the state from before it.
    const slowRead = queryClient.fetchQuery({
      queryKey: key,
      queryFn: () => new Promise<Conversation>((resolve) => setTimeout(() => resolve(before), 50)),
    });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <SessionContext value={session}>{children}</SessionContext>
      </QueryClientProvider>
    );
    const { result } = renderHook(() => useConversationActions(), { wrapper });

    let done: Promise<Conversation> | undefined;
    act(() => {
      done = result.current.runWithoutToasts(pendingAction(before, { kind: 'take-over' }));
    });
    await waitFor(() => expect(queryClient.getQueryData<Conversation>(key)?.handoff_state).toBe('human'));
    await slowRead.catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The write has not answered yet: what shows is still the change the person made.
    expect(queryClient.getQueryData<Conversation>(key)?.handoff_state).toBe('human');
    await act(() => done!);
    expect(queryClient.getQueryData<Conversation>(key)).toEqual(after);
  });

  it('leaves a read of the transcript under the conversation alone: the action changes no message', async () => {
    const before = buildConversation({ id: 'conv_1', handoff_state: 'bot' });
    server.use(
      http.get('/api/v1/agent-conversations/conv_1', () => HttpResponse.json({ data: before })),
      http.put('/api/v1/agent-conversations/conv_1', () =>
        HttpResponse.json({ data: { ...before, handoff_state: 'human' } }),
      ),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    queryClient.setQueryData(conversationKeys.detail('conv_1'), before);
    const page = { data: [], page: { has_more: false } };
    let transcriptReads = 0;
    // The transcript's first page, still on its way when the person acts.
    const transcriptRead = queryClient.fetchInfiniteQuery({
      queryKey: conversationKeys.messages('conv_1'),
      initialPageParam: undefined,
      queryFn: () => {
        transcriptReads += 1;
        return new Promise<typeof page>((resolve) => setTimeout(() => resolve(page), 50));
      },
    });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <SessionContext value={session}>{children}</SessionContext>
      </QueryClientProvider>
    );
    const { result } = renderHook(() => useConversationActions(), { wrapper });

    await act(() => result.current.runWithoutToasts(pendingAction(before, { kind: 'take-over' })));
    await expect(transcriptRead).resolves.toEqual({ pages: [page], pageParams: [undefined] });
    expect(transcriptReads).toBe(1);
  });

  it('changes the conversation in every cached inbox answer at once, drops it from a view that no longer holds it, and rolls back on a refusal', async () => {
    const before = buildConversation({ id: 'conv_1', handoff_state: 'bot', status: 'active' });
    const row = {
      conversation: before,
      last_message: null,
      last_shopper_message_at: null,
      waiting_since: null,
      unread: false,
    };
    const answer = (data: (typeof row)[]) => ({
      data,
      page: { has_more: false, next_cursor: null },
      listed: true,
      ready: true,
      previews: { read: 1, of: 1 },
      handoffs: [],
      counts: { unassigned: 0, mine: 0, 'needs-person': 0, active: 1, closed: 0 },
      waiting_threshold_minutes: 5,
    });
    let refuse: () => void = () => undefined;
    server.use(
      http.get('/api/v1/agent-conversations/conv_1', () => HttpResponse.json({ data: before })),
      http.put('/api/v1/agent-conversations/conv_1', async () => {
        await new Promise<void>((resolve) => (refuse = resolve));
        return HttpResponse.json({ error: { code: 'insufficient_scope', message: 'No.' } }, { status: 403 });
      }),
      http.get('/bff/inbox', () => HttpResponse.json(answer([row]))),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const activeKey = inboxKeys.list({ status: 'active' });
    const botKey = inboxKeys.list({ status: 'active', handoff_state: 'bot' });
    const otherKey = inboxKeys.list({ customer_of: 'conv_2' });
    queryClient.setQueryData(activeKey, { pages: [answer([row])], pageParams: [undefined] });
    queryClient.setQueryData(botKey, { pages: [answer([row])], pageParams: [undefined] });
    queryClient.setQueryData(otherKey, answer([row]));
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <SessionContext value={session}>{children}</SessionContext>
      </QueryClientProvider>
    );
    const { result } = renderHook(() => useConversationActions(), { wrapper });
    type Pages = { pages: { data: (typeof row)[] }[] };
    const rowsOf = (key: readonly unknown[]) => queryClient.getQueryData<Pages>(key)!.pages[0]!.data;

    let done: Promise<unknown> | undefined;
    act(() => {
      done = result.current
        .runWithoutToasts(pendingAction(before, { kind: 'take-over' }))
        .catch(() => 'refused');
    });
    await waitFor(() => expect(rowsOf(activeKey)[0]?.conversation.handoff_state).toBe('human'));
    expect(rowsOf(botKey)).toEqual([]);
    expect(
      queryClient.getQueryData<{ data: (typeof row)[] }>(otherKey)!.data[0]!.conversation.handoff_state,
    ).toBe('human');

    refuse();
    await expect(done).resolves.toBe('refused');
    expect(rowsOf(botKey)[0]?.conversation.handoff_state).toBe('bot');
    expect(
      queryClient.getQueryData<{ data: (typeof row)[] }>(otherKey)!.data[0]!.conversation.handoff_state,
    ).toBe('bot');
  });

  it.each([
    { holder: null, expected: 'usr_staff1', what: 'makes an unassigned conversation the taker’s' },
    { holder: 'usr_staff2', expected: 'usr_staff2', what: 'keeps a teammate’s assignment' },
  ])('taking over $what', async ({ holder, expected }) => {
    const before = buildConversation({ id: 'conv_1', handoff_state: 'bot', assigned_to: holder });
    let written: unknown;
    server.use(
      http.get('/api/v1/agent-conversations/conv_1', () => HttpResponse.json({ data: before })),
      http.put('/api/v1/agent-conversations/conv_1', async ({ request }) => {
        written = await request.json();
        return HttpResponse.json({ data: { ...before, ...(written as object) } });
      }),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <SessionContext value={session}>{children}</SessionContext>
      </QueryClientProvider>
    );
    const { result } = renderHook(() => useConversationActions(), { wrapper });
    await act(() => result.current.runWithoutToasts(pendingAction(before, { kind: 'take-over' })));
    expect(written).toEqual({ status: 'active', handoff_state: 'human', assigned_to: expected });
  });
});
