import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { teamAvailabilitySchema, type AvailabilityUpdate } from '@/schemas/assignment';
import { apiRequest } from './api-client';

/**
 * The team's availability for automatic assignment (GET /bff/availability). Read where names are shown
 * with it (the user menu, the assign dialog) and again every half minute while shown: a teammate's choice
 * is not pushed over the live stream.
 */
export const availabilityQueryOptions = () =>
  queryOptions({
    queryKey: ['availability'],
    queryFn: ({ signal }) =>
      apiRequest('/bff/availability', { schema: teamAvailabilitySchema, signal }).then(
        (answer) => answer.data,
      ),
    refetchInterval: 30_000,
  });

/** PUT /bff/availability: the signed-in person's choice; the answer is the team as it is then. */
export function useSetAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: AvailabilityUpdate) =>
      apiRequest('/bff/availability', { method: 'PUT', body: update, schema: teamAvailabilitySchema }),
    onSuccess: (answer) => queryClient.setQueryData(availabilityQueryOptions().queryKey, answer.data),
  });
}
