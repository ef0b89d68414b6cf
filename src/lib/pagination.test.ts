import { QueryClient, infiniteQueryOptions } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listSchema } from '@/schemas/page';
import { createApiClient } from './api-client';
import { cursorPagination, flattenPages, getNextPageParam, withCursor } from './pagination';
import { createSessionGate } from './session-gate';

describe('getNextPageParam', () => {
  it('returns next_cursor while has_more is true', () => {
    expect(getNextPageParam({ page: { has_more: true, next_cursor: 'opaque==' } })).toBe('opaque==');
  });
  it('stops on the last page, with or without a cursor', () => {
    expect(getNextPageParam({ page: { has_more: false } })).toBeUndefined();
    expect(getNextPageParam({ page: { has_more: false, next_cursor: 'stale' } })).toBeUndefined();
    expect(getNextPageParam({ page: { has_more: true } })).toBeUndefined();
  });
});

describe('withCursor', () => {
  it('adds after only when there is a cursor', () => {
    expect(withCursor({ status: 'active' }, undefined)).toEqual({ status: 'active' });
    expect(withCursor({ status: 'active' }, 'c2')).toEqual({ status: 'active', after: 'c2' });
  });
});

describe('an infinite query over the client', () => {
  it('passes each next_cursor verbatim as after and flattens the pages', async () => {
    const cursor = 'eyJpZCI6ImMyIn0=/+'; // whatever the server sends; never parsed
    const urls: string[] = [];
    const pages = [
      { data: [{ id: 'a' }, { id: 'b' }], page: { has_more: true, next_cursor: cursor } },
      { data: [{ id: 'c' }], page: { has_more: false } },
    ];
    const client = createApiClient({
      fetch: ((input: string) => {
        urls.push(input);
        return Promise.resolve(Response.json(pages[urls.length - 1]));
      }) as typeof fetch,
      sessionGate: createSessionGate(),
      activity: { isIdle: () => false },
    });
    const schema = listSchema(z.object({ id: z.string() }));
    const options = infiniteQueryOptions({
      ...cursorPagination,
      queryKey: ['items', 'list', { status: 'active' }],
      queryFn: ({ pageParam, signal }) =>
        client.request('/api/v1/items', {
          query: withCursor({ status: 'active' }, pageParam),
          schema,
          signal,
        }),
    });
    const queryClient = new QueryClient();
    const data = await queryClient.fetchInfiniteQuery({ ...options, pages: 3 });
    expect(urls).toEqual([
      '/api/v1/items?status=active',
      `/api/v1/items?status=active&after=${encodeURIComponent(cursor)}`,
    ]);
    expect(flattenPages(data).map((item) => item.id)).toEqual(['a', 'b', 'c']);
    expect(flattenPages(undefined)).toEqual([]);
  });
});
