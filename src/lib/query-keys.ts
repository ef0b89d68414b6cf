import { partialMatchKey, type QueryKey } from '@tanstack/react-query';

/**
 * The query keys of one resource, built in one place so a write finds every cached read of it by prefix:
 * `all` holds `lists()`, which holds each `list(filters)`; `all` holds `details()`, which holds each
 * `detail(id)`. What hangs off one item (a conversation's messages) lies under its `detail(id)`, so a
 * filter on `detail(id)` or `details()` matches it too unless it says `exact: true` or uses `isDetail`.
 */
export function resourceKeys<Filters>(resource: string) {
  const all = [resource] as const;
  const details = () => [...all, 'detail'] as const;
  return {
    all,
    lists: () => [...all, 'list'] as const,
    list: (filters: Filters) => [...all, 'list', filters] as const,
    details,
    detail: (id: string) => [...all, 'detail', id] as const,
    /** `detail(id)` itself, not what lies under it: a predicate for filters over every item. */
    isDetail: (queryKey: QueryKey) =>
      queryKey.length === details().length + 1 && partialMatchKey(queryKey, details()),
  };
}

const conversations = resourceKeys<object>('agent-conversations');

/** The keys of what hangs off one conversation under its detail: its messages, history, tags... */
const underConversation =
  <Name extends string>(name: Name) =>
  (id: string) =>
    [...conversations.detail(id), name] as const;

/**
 * The query keys of one of the BFF's parts, derived from its name (the `part` of its live `records`
 * event): `all` holds every read of the part, and `conversation(id)` its records of one conversation,
 * under that conversation's detail. On the part's `records` event the inbox's sync reads them again
 * (use-inbox-sync.ts), so a new part's reads are kept current by naming them with this.
 */
export function partKeys<Filters = object>(part: string) {
  return { ...resourceKeys<Filters>(part), conversation: underConversation(part) };
}

/** The store's tags (the dashboard's own), with how many conversations carry each, and each conversation's. */
export const tagKeys = partKeys('tags');

/** Conversations: read by the inbox and the transcript. */
export const conversationKeys = {
  ...conversations,
  /** A conversation's transcript (pages of messages), under its detail. */
  messages: underConversation('messages'),
  /** A conversation's history (the dashboard's own record of who took over, assigned, closed...). */
  history: underConversation('history'),
  /** A conversation's tags (the dashboard's own). */
  tags: tagKeys.conversation,
  /** A conversation's snooze (the dashboard's own). */
  snooze: underConversation('snooze'),
  /** The mutation key of the conversation actions (take over, assign, close…). */
  update: () => [...conversations.all, 'update'] as const,
};

export const knowledgeSourceKeys = resourceKeys<{ kind: string | null }>('agent-knowledge-sources');

/** The BFF's read model of the inbox (lists with previews, counts, search). */
export const inboxKeys = resourceKeys<object>('inbox');
