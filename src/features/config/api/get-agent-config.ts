import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { agentConfigSchema, type AgentConfig } from '@/schemas/agent-config';
import { singleSchema } from '@/schemas/page';

/** How often an open configuration screen looks for a version saved elsewhere (only while the tab is visible). */
export const AGENT_CONFIG_REFETCH_MS = 30_000;

/** GET /api/v1/agent-config: the stored config, or the defaults (updated_at null) for a store that never saved one. */
export async function getAgentConfig({ signal }: { signal?: AbortSignal } = {}): Promise<AgentConfig> {
  const response = await apiRequest('/api/v1/agent-config', {
    schema: singleSchema(agentConfigSchema),
    signal,
  });
  return response.data;
}

/**
 * Refetched on focus and every 30 s while visible, so an owner editing learns of a version saved in
 * another tab or by another owner before pressing Save.
 */
export function agentConfigQueryOptions() {
  return queryOptions({
    queryKey: ['agent-config'],
    queryFn: ({ signal }) => getAgentConfig({ signal }),
    refetchInterval: AGENT_CONFIG_REFETCH_MS,
    refetchOnWindowFocus: 'always',
  });
}

export function useAgentConfig() {
  return useQuery(agentConfigQueryOptions());
}
