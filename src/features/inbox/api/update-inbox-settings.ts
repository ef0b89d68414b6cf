import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { inboxKeys } from '@/lib/query-keys';
import type { InboxSettings } from '@/schemas/inbox';

/** PUT /bff/inbox/settings (owners): the waiting threshold every list then shows. */
export const updateInboxSettings = (settings: InboxSettings) =>
  apiRequest('/bff/inbox/settings', { method: 'PUT', body: settings });

export function useUpdateInboxSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInboxSettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
  });
}
