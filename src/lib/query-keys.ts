/**
 * The query keys of one resource, built in one place so a write finds every cached read of it by prefix:
 * `all` holds `lists()`, which holds each `list(filters)`; `all` holds `details()`, which holds each
 * `detail(id)`.
 */
export function resourceKeys<Filters>(resource: string) {
  const all = [resource] as const;
  return {
    all,
    lists: () => [...all, 'list'] as const,
    list: (filters: Filters) => [...all, 'list', filters] as const,
    details: () => [...all, 'detail'] as const,
    detail: (id: string) => [...all, 'detail', id] as const,
  };
}

/** Conversations: read by the inbox and the transcript. */
export const conversationKeys = resourceKeys<object>('agent-conversations');

export const knowledgeSourceKeys = resourceKeys<{ kind: string | null }>('agent-knowledge-sources');

/** The BFF's read model of the inbox (lists with previews, counts, search). */
export const inboxKeys = resourceKeys<object>('inbox');
