import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { dataSettingsAnswerSchema, type RetentionSettings } from '@/schemas/data-settings';

/** GET /bff/data-settings: how long the dashboard keeps conversation copies and history. */
export const dataSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['data-settings'],
    queryFn: ({ signal }) =>
      apiRequest('/bff/data-settings', { schema: dataSettingsAnswerSchema, signal }).then(
        (answer) => answer.data,
      ),
  });

export const useDataSettings = () => useQuery(dataSettingsQueryOptions());

/** PUT /bff/data-settings (owners): applied at once, and the answer is what the cache then holds. */
export function useSaveDataSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: RetentionSettings) =>
      apiRequest('/bff/data-settings', { method: 'PUT', body: settings, schema: dataSettingsAnswerSchema }),
    onSuccess: (answer) => queryClient.setQueryData(dataSettingsQueryOptions().queryKey, answer.data),
  });
}
