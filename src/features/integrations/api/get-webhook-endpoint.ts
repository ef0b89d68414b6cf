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

/** Looks one endpoint up; nothing is asked while there is no id. */
export function useWebhookEndpoint(id: string | null) {
  return useQuery({ ...webhookEndpointQueryOptions(id ?? ''), enabled: id !== null });
}
