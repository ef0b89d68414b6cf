import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { useParams } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { createSimulatorHandlers } from '../../mocks/handlers';
import { createSimulator, type Simulator } from '../../mocks/simulator';
import { ConversationTranscript } from '@/features/transcript/components/conversation-transcript';
import { apiRequest } from '@/lib/api-client';
import { conversationSchema, type Conversation } from '@/schemas/conversation';
import { singleSchema } from '@/schemas/page';
import { renderWithApp } from './render-with-app';

/**
 * The transcript's component tests (conversation-transcript*.test.tsx) render it through the real router
 * against the simulator, beside a stand-in for the inbox; these are their shared pieces.
 */

/** The simulator of the running test (an ES module live binding: set afresh before each test). */
export let sim: Simulator;

/** Each test of the file gets a fresh simulator (`sim`), empty storage and the fake layout. */
export function setUpTranscriptTests() {
  beforeEach(() => {
    localStorage.clear();
    sim = createSimulator();
    fakeLayout();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    delete (Element.prototype as Partial<Element>).scrollTo;
  });
}

export const conversationPath = (id: string) => `/api/v1/agent-conversations/${encodeURIComponent(id)}`;

export const probeConversationOptions = (id: string) =>
  queryOptions({
    // Its own key: the inbox's conversation caches (and their live sync) are not under test here.
    queryKey: ['transcript-test-probe', id],
    queryFn: () => apiRequest(conversationPath(id), { schema: singleSchema(conversationSchema) }),
  });

/** Stands in for the inbox: loads the conversation and offers its takeover and reopen actions. */
export function InboxProbe() {
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
export function fakeLayout() {
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

export function findConversation(
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

export function storedMessages(sim: Simulator, conversationId: string) {
  return (sim.store('store_demo')!.messages.get(conversationId) ?? []).filter(
    (message) => message.role !== 'tool',
  );
}

export function renderTranscript(
  sim: Simulator,
  conversationId: string,
  session: 'owner' | 'staff' = 'staff',
) {
  return renderWithApp({
    route: `/t/${conversationId}`,
    session,
    handlers: createSimulatorHandlers({ impersonateKey: 'sk_test_demo_owner', simulator: sim }),
    signedInRoutes: [{ path: '/t/:id', element: <InboxProbe /> }],
  });
}

export const STAFF_NAME = 'Sam Rivera';

export function messagesPathOf(id: string) {
  return `/api/v1/agent-conversations/${id}/messages`;
}

export function postsTo(bff: ReturnType<typeof renderTranscript>['bff'], conversationId: string) {
  return bff.requests.filter(
    (request) => request.method === 'POST' && request.path === messagesPathOf(conversationId),
  );
}

/** Reads the transcript's live tail now instead of at the next tick (the tab becoming visible does that). */
export function catchUpLive() {
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

export async function typeReply(user: ReturnType<typeof renderTranscript>['user'], text: string) {
  const box = await screen.findByRole('textbox', { name: /^Reply to/ });
  await user.click(box);
  await user.keyboard(text);
  return box;
}
