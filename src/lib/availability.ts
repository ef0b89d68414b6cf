import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { teamAvailabilitySchema, type AvailabilityStatus } from '@/schemas/assignment';
import { apiRequest } from './api-client';
import { needsPolling, useLiveEvents, useLiveStatus } from './use-live-stream';

/** How often the team is read again while the live stream cannot tell of changes. */
const POLL_MS = 30_000;

/** The team's availability for automatic assignment (GET /bff/availability). */
export const availabilityQueryOptions = () =>
  queryOptions({
    queryKey: ['availability'],
    queryFn: ({ signal }) =>
      apiRequest('/bff/availability', { schema: teamAvailabilitySchema, signal }).then(
        (answer) => answer.data,
      ),
  });

/**
 * The team's availability where names are shown with it. A change is told over the live stream (an
 * `availability` event, or a `resync` after missing some); only while the stream cannot be used is it read
 * again every half minute.
 */
export function useTeamAvailability() {
  const queryClient = useQueryClient();
  const polling = needsPolling(useLiveStatus());
  useLiveEvents((event) => {
    if (event.name === 'availability' || event.name === 'resync')
      void queryClient.invalidateQueries({ queryKey: availabilityQueryOptions().queryKey });
  });
  return useQuery({ ...availabilityQueryOptions(), refetchInterval: polling ? POLL_MS : false });
}

/** Each teammate's availability by user id (empty until read), for names shown with a dot. */
export function useAvailabilityById(): ReadonlyMap<string, AvailabilityStatus> {
  const team = useTeamAvailability().data;
  return useMemo(() => new Map((team ?? []).map((person) => [person.user_id, person.status])), [team]);
}
