import { useEffect, useRef } from 'react';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { integrationsAnswerSchema, type Integration, type IntegrationLabel } from '@/schemas/integrations';
import { getWebhookEndpoint } from './get-webhook-endpoint';

const KEY = ['integrations'] as const;
/** Endpoints refreshed from the store when the page opens (the least recently looked up first). */
export const REFRESH_AT_OPEN_MAX = 10;

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
 * Once per visit, each remembered endpoint's state is read again from the store (through the dashboard
 * server, which records the answer and counts it in the person's API budget), at most
 * REFRESH_AT_OPEN_MAX of them, one at a time, the least recently looked up first; then the list is
 * read again. An endpoint the store cannot answer for keeps its last known state and time.
 */
export function useRefreshEndpointsAtOpen(entries: readonly Integration[] | undefined) {
  const refresh = useRefreshIntegrations();
  const done = useRef(false);
  useEffect(() => {
    if (done.current || entries === undefined) return;
    done.current = true;
    const stale = entries
      .filter((entry) => entry.kind === 'webhook_endpoint' && entry.status !== 'not_found')
      .sort((a, b) => a.last_looked_up_at.localeCompare(b.last_looked_up_at))
      .slice(0, REFRESH_AT_OPEN_MAX);
    if (stale.length === 0) return;
    void (async () => {
      for (const entry of stale) await getWebhookEndpoint({ id: entry.id }).catch(() => undefined);
      refresh();
    })();
  }, [entries, refresh]);
}
