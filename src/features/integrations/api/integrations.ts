import { useState } from 'react';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useLiveEvents } from '@/lib/use-live-stream';
import {
  integrationRefreshAnswerSchema,
  integrationsAnswerSchema,
  type Integration,
  type IntegrationLabel,
} from '@/schemas/integrations';

/** The integrations' part in the BFF, which names its `records` event. */
const PART = 'integrations';
/**
 * Every read of the list: `partKeys(PART).all`, written out so that this screen does not load every
 * other query key with src/lib/query-keys.ts.
 */
const KEY = [PART] as const;

/** GET /bff/integrations?q=: what the dashboard remembers, searched. */
const integrationsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [...KEY, q],
    queryFn: ({ signal }) =>
      apiRequest('/bff/integrations', {
        query: q.trim() === '' ? {} : { q },
        schema: integrationsAnswerSchema,
        signal,
      }).then((answer) => answer.data),
  });

export const useIntegrations = (q: string) =>
  useQuery({ ...integrationsQueryOptions(q), placeholderData: keepPreviousData });

/** Read the list again: after a look-up or a removal, which the dashboard server records. */
export function useRefreshIntegrations() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: KEY });
}

/** PATCH /bff/integrations/{kind}/{id}: an owner's label and note. */
export function useRelabelIntegration() {
  const refresh = useRefreshIntegrations();
  return useMutation({
    mutationFn: ({ entry, label }: { entry: Integration; label: IntegrationLabel }) =>
      apiRequest(`/bff/integrations/${entry.kind}/${encodeURIComponent(entry.id)}`, {
        method: 'PATCH',
        body: label,
      }),
    onSuccess: refresh,
  });
}

/**
 * Once per visit, the dashboard server is asked to have the remembered endpoints' states read again from
 * the store: its store feed reads them (at most 10, the least recently looked up first) from the feed's
 * own share of the store's rate limit, not from this person's, and says so on the live stream; the list
 * is then read again. Listening keeps the stream, and so the feed, running while the page is open. An
 * endpoint the store cannot answer for keeps its last known state and time.
 */
export function useRefreshEndpointsAtOpen(entries: readonly Integration[] | undefined) {
  const refresh = useRefreshIntegrations();
  useLiveEvents((event) => {
    if (event.name === 'records' && event.data.part === PART) refresh();
  });
  // The list as first read decides: endpoints looked up later are read by the store then.
  const [atOpen, setAtOpen] = useState(entries);
  if (atOpen === undefined && entries !== undefined) setAtOpen(entries);
  useQuery({
    queryKey: ['integrations-refresh-at-open'],
    // Nothing to show if it fails: the list keeps the states last read.
    queryFn: () =>
      apiRequest('/bff/integrations/refresh', {
        method: 'POST',
        schema: integrationRefreshAnswerSchema,
      }).catch(() => null),
    enabled:
      atOpen?.some((entry) => entry.kind === 'webhook_endpoint' && entry.status !== 'not_found') ?? false,
    // Asked once per visit: never read again while the page is open, forgotten when it closes.
    staleTime: Infinity,
    gcTime: 0,
  });
}
