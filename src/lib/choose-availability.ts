import type { QueryClient } from '@tanstack/react-query';
import { toast } from '@/components/toast';
import { teamAvailabilitySchema, type AvailabilityUpdate } from '@/schemas/assignment';
import { apiRequest } from './api-client';
import { availabilityQueryOptions } from './availability';

/**
 * PUT /bff/availability: the signed-in person's choice (without `hand_back` their stored choice decides,
 * as the BFF applies it). The team's query takes the answer, and a toast (announced too) says what came
 * of it, even when what chose it (the account menu) has closed meanwhile. Loaded when first used: the
 * inbox imports it on its key press.
 */
export async function chooseAvailability(
  queryClient: QueryClient,
  update: AvailabilityUpdate,
): Promise<void> {
  try {
    const answer = await apiRequest('/bff/availability', {
      method: 'PUT',
      body: update,
      schema: teamAvailabilitySchema,
    });
    queryClient.setQueryData(availabilityQueryOptions().queryKey, answer.data);
    const handedBack = answer.handed_back ?? 0;
    toast.success(
      update.status === 'available'
        ? 'You are Available: new conversations may be assigned to you.'
        : handedBack > 0
          ? `You are Away. ${handedBack} conversation${handedBack === 1 ? '' : 's'} handed back to Unassigned.`
          : 'You are Away: no new conversations are assigned to you.',
    );
  } catch {
    toast.error('Your availability was not changed. Try again.');
  }
}
