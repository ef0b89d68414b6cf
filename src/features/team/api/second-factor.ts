import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import {
  recoveryCodesAnswerSchema,
  secondFactorSetupAnswerSchema,
  secondFactorStatusAnswerSchema,
  type SecondFactorRequirement,
} from '@/schemas/team';
import { teamQueryOptions } from './team';

/** GET /bff/account/second-factor: one's own second factor, and what the store requires. */
export const secondFactorStatusQuery = () =>
  queryOptions({
    queryKey: ['account', 'second-factor'],
    queryFn: ({ signal }) =>
      apiRequest('/bff/account/second-factor', { schema: secondFactorStatusAnswerSchema, signal }).then(
        (answer) => answer.data,
      ),
  });

// One's own second factor. None is retried on its own: each step changes what the next one expects.

/** POST /bff/account/second-factor/setup: a new secret and its QR code, not yet on. */
export const beginSecondFactor = () =>
  apiRequest('/bff/account/second-factor/setup', {
    method: 'POST',
    schema: secondFactorSetupAnswerSchema,
    retry: false,
  }).then((answer) => answer.data);

/** POST /bff/account/second-factor/confirm: a code from the app turns it on; answers the recovery codes. */
export const confirmSecondFactor = (code: string) =>
  apiRequest('/bff/account/second-factor/confirm', {
    method: 'POST',
    body: { code },
    schema: recoveryCodesAnswerSchema,
    retry: false,
  }).then((answer) => answer.data.recovery_codes);

/** DELETE /bff/account/second-factor: turns it off, with one's password. */
export const turnOffSecondFactor = (currentPassword: string) =>
  apiRequest('/bff/account/second-factor', {
    method: 'DELETE',
    body: { current_password: currentPassword },
    retry: false,
  });

/** PUT /bff/team/second-factor (owners). */
export function useRequireSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (required: SecondFactorRequirement) =>
      apiRequest('/bff/team/second-factor', { method: 'PUT', body: { required }, retry: false }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: secondFactorStatusQuery().queryKey }),
        queryClient.invalidateQueries({ queryKey: teamQueryOptions().queryKey }),
      ]),
  });
}
