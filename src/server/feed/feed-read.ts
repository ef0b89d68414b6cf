import { conversationSchema, type Conversation } from '../../schemas/conversation.ts';
import { pageSchema, type ReadResult } from '../store-api/read-only-store-client.ts';

/** A step stops at the first refusal; this says how long to wait. */
export class Halt extends Error {
  constructor(readonly result: Exclude<ReadResult, { kind: 'ok' | 'not_found' }>) {
    super(result.kind);
    this.name = 'Halt';
  }
}

/** One GET of the feed: a refusal throws Halt, so a step stops at the first one. */
export type FeedRead = (target: string) => Promise<Extract<ReadResult, { kind: 'ok' | 'not_found' }>>;

/** The most the store gives in one page of its conversations. */
export const PAGE_SIZE = 100;

/**
 * One page of the store's conversations (`query` without its limit), the ones that parse, and the cursor
 * of the next page; undefined when the store answered no page.
 */
export async function readConversationPage(
  read: FeedRead,
  query: Record<string, string>,
): Promise<{ items: Conversation[]; next: string | undefined } | undefined> {
  const search = new URLSearchParams({ ...query, limit: String(PAGE_SIZE) });
  const result = await read(`/api/v1/agent-conversations?${search.toString()}`);
  const page = result.kind === 'ok' ? pageSchema.safeParse(result.body) : undefined;
  if (!page?.success) return undefined;
  const items: Conversation[] = [];
  for (const item of page.data.data) {
    const conversation = conversationSchema.safeParse(item);
    if (conversation.success) items.push(conversation.data);
  }
  const next = page.data.page.has_more ? (page.data.page.next_cursor ?? undefined) : undefined;
  return { items, next };
}
