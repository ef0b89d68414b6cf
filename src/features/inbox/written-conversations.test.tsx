import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { inboxKeys } from '@/lib/query-keys';
import { SessionContext } from '@/lib/session-context';
import type { Conversation } from '@/schemas/conversation';
import { buildConversation, buildInboxResponse } from '@/testing/factories';
import { server } from '@/testing/msw-server';
import { pendingAction } from './conversation-action';
import { ALL_ACTIVE_VIEW } from './inbox-filters';
import { useConversationActions } from './use-conversation-actions';
import { useInboxRows } from './use-inbox-rows';

const session = {
  user: { id: 'usr_staff1', email: 'staff@example.com', name: 'Alex Kim', role: 'staff' as const },
  roster: [],
};

const rowOf = (conversation: Conversation) => ({
  conversation,
  last_message: null,
  last_shopper_message_at: null,
  waiting_since: null,
  unread: false,
});

describe('a conversation action and the inbox list read around it', () => {
  it('never shows a row older than the write: not from a read started while it was on its way, nor from a lagging answer after it', async () => {
    const before = buildConversation({ id: 'conv_1', handoff_state: 'bot' });
    const after: Conversation = {
      ...before,
      handoff_state: 'human',
      assigned_to: 'usr_staff1',
      updated_at: '2030-01-01T00:00:00.000Z',
    };
    let stored = before;
    let answerWrite: () => void = () => undefined;
    // A list answer from a BFF replica that has not yet caught up with the write.
    let lagging = false;
    server.use(
      http.get('/api/v1/agent-conversations/conv_1', () => HttpResponse.json({ data: stored })),
      http.put('/api/v1/agent-conversations/conv_1', async () => {
        await new Promise<void>((resolve) => (answerWrite = resolve));
        stored = after;
        return HttpResponse.json({ data: after });
      }),
      http.get('/bff/inbox', async () => {
        // The answer carries what was stored when the read began, and takes a moment to arrive.
        const shown = lagging ? before : stored;
        lagging = false;
        await delay(30);
        return HttpResponse.json(buildInboxResponse({ data: [rowOf(shown)] }));
      }),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>
        <SessionContext value={session}>{children}</SessionContext>
      </QueryClientProvider>
    );
    // What the list showed for the conversation at each render.
    const shown: string[] = [];
    const { result } = renderHook(
      () => {
        const list = useInboxRows(ALL_ACTIVE_VIEW.filters, { sort: undefined, q: '', tag: '' });
        const state = list.rows.find((row) => row.id === 'conv_1')?.handoff_state;
        if (state !== undefined && shown.at(-1) !== state) shown.push(state);
        return useConversationActions();
      },
      { wrapper },
    );
    await waitFor(() => expect(shown).toEqual(['bot']));

    let done: Promise<Conversation> | undefined;
    act(() => {
      done = result.current.runWithoutToasts(pendingAction(before, { kind: 'take-over' }));
    });
    await waitFor(() => expect(shown).toContain('human'));
    // An event makes the list read again while the write is on its way: the read answers with the state
    // from before the write.
    await act(async () => {
      await queryClient.invalidateQueries({ queryKey: inboxKeys.all });
    });
    answerWrite();
    await act(() => done!);
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(shown).toEqual(['bot', 'human']);

    // After the write's answer, a read answered from a copy older than the write.
    lagging = true;
    await act(async () => {
      await queryClient.invalidateQueries({ queryKey: inboxKeys.all });
      await delay(20); // Whatever the answer changed has rendered.
    });
    expect(lagging).toBe(false);
    expect(shown).toEqual(['bot', 'human']);

    // A teammate's later change (a newer version) shows as usual.
    stored = { ...after, handoff_state: 'bot', updated_at: '2030-01-01T00:01:00.000Z' };
    await act(async () => {
      await queryClient.invalidateQueries({ queryKey: inboxKeys.all });
    });
    await waitFor(() => expect(shown).toEqual(['bot', 'human', 'bot']));
  });
});
