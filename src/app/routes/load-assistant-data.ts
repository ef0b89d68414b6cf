import type { QueryClient } from '@tanstack/react-query';
import { agentConfigQueryOptions } from '@/features/config/api/get-agent-config';
import { loadSession } from './load-session';

/** The assistant screen's first request (its config), started while the screen's code downloads. */
export async function loadAssistantData(queryClient: QueryClient) {
  if (!(await loadSession(queryClient))) return;
  await queryClient.ensureQueryData(agentConfigQueryOptions()).catch(() => undefined);
}
