import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { PendingWrite } from '@/lib/idempotency';
import { agentConfigSchema, type AgentConfig, type AgentConfigUpdate } from '@/schemas/agent-config';
import { singleSchema } from '@/schemas/page';
import { agentConfigQueryOptions } from './get-agent-config';

/**
 * PUT /api/v1/agent-config: every field, plus `expected_updated_at` (the version the edit started
 * from; null only for a store that never saved). A newer stored version answers 409 config_modified.
 * The key comes from the Save press, so the client's automatic retries of this save reuse it.
 */
export async function updateAgentConfig({
  idempotencyKey,
  payload,
}: PendingWrite<AgentConfigUpdate>): Promise<AgentConfig> {
  const response = await apiRequest('/api/v1/agent-config', {
    method: 'PUT',
    body: payload,
    idempotencyKey,
    schema: singleSchema(agentConfigSchema),
  });
  return response.data;
}

/** Saves and puts the stored (normalised) config in the cache. */
export function useUpdateAgentConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAgentConfig,
    onSuccess: (config) => {
      queryClient.setQueryData(agentConfigQueryOptions().queryKey, config);
    },
  });
}
