import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { assignmentSettingsAnswerSchema, type AssignmentSettings } from '@/schemas/assignment';

/** GET /bff/assignment-settings: whether, and how, new handoffs are assigned automatically. */
export const assignmentSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['assignment-settings'],
    queryFn: ({ signal }) =>
      apiRequest('/bff/assignment-settings', { schema: assignmentSettingsAnswerSchema, signal }).then(
        (answer) => answer.data,
      ),
  });

export const useAssignmentSettings = () => useQuery(assignmentSettingsQueryOptions());

/** PUT /bff/assignment-settings (owners): the answer is what the cache then holds. */
export function useSaveAssignmentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: AssignmentSettings) =>
      apiRequest('/bff/assignment-settings', {
        method: 'PUT',
        body: settings,
        schema: assignmentSettingsAnswerSchema,
      }),
    onSuccess: (answer) => queryClient.setQueryData(assignmentSettingsQueryOptions().queryKey, answer.data),
  });
}
