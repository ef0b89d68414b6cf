import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { singleSchema } from '@/schemas/page';
import { webhookEndpointSchema } from '@/schemas/webhook-endpoint';

/** GET /api/v1/webhook-endpoints/{id}: one endpoint (never its signing secret). */
export const getWebhookEndpoint = ({ id, signal }: { id: string; signal?: AbortSignal }) =>
  apiRequest(`/api/v1/webhook-endpoints/${encodeURIComponent(id)}`, {
    schema: singleSchema(webhookEndpointSchema),
    signal,
  });

export const webhookEndpointQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['webhook-endpoints', id],
    queryFn: ({ signal }) => getWebhookEndpoint({ id, signal }),
  });

/** Looks one endpoint up; nothing is asked while there is no id. `onAnswer` follows every answer, error or not. */
export function useWebhookEndpoint(id: string | null, onAnswer?: () => void) {
  return useQuery({
    ...webhookEndpointQueryOptions(id ?? ''),
    queryFn: ({ signal }) =>
      getWebhookEndpoint({ id: id ?? '', signal }).finally(() => {
        if (!signal.aborted) onAnswer?.();
      }),
    enabled: id !== null,
  });
}
