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

/** Conversations: read by the inbox and the transcript. */
export const conversationKeys = {
  ...conversations,
  /** A conversation's transcript (pages of messages), under its detail. */
  messages: (id: string) => [...conversations.detail(id), 'messages'] as const,
  /** A conversation's history (the dashboard's own record of who took over, assigned, closed...). */
  history: (id: string) => [...conversations.detail(id), 'history'] as const,
  /** A conversation's tags (the dashboard's own). */
  tags: (id: string) => [...conversations.detail(id), 'tags'] as const,
  /** A conversation's snooze (the dashboard's own). */
  snooze: (id: string) => [...conversations.detail(id), 'snooze'] as const,
  /** The mutation key of the conversation actions (take over, assign, close…). */
  update: () => [...conversations.all, 'update'] as const,
};

export const knowledgeSourceKeys = resourceKeys<{ kind: string | null }>('agent-knowledge-sources');

/** The BFF's read model of the inbox (lists with previews, counts, search). */
export const inboxKeys = resourceKeys<object>('inbox');

/** The store's tags (the dashboard's own), with how many conversations carry each. */
export const tagKeys = resourceKeys<object>('tags');

/** The store team's saved replies (src/lib/saved-replies.ts), one cache for the picker and their screen. */
export const SAVED_REPLIES_KEY = ['saved-replies'] as const;
