import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { Role } from '@/schemas/bff';
import { teamLinkAnswerSchema, teamOverviewAnswerSchema, type InviteRequest } from '@/schemas/team';

/** GET /bff/team: the people, the store users offered for an invitation and the team's history (owners). */
export const teamQueryOptions = () =>
  queryOptions({
    queryKey: ['team'],
    queryFn: ({ signal }) =>
      apiRequest('/bff/team', { schema: teamOverviewAnswerSchema, signal }).then((answer) => answer.data),
  });

const personPath = (id: string, rest = '') => `/bff/team/people/${encodeURIComponent(id)}${rest}`;

/**
 * An owner's changes to the team, each followed by a fresh read of it. None is retried on its own: a lost
 * answer to an invitation could otherwise make a second link; the owner sees the list and acts again.
 */
export function useTeamWrites() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: teamQueryOptions().queryKey });
  const link = (path: string, body?: InviteRequest) =>
    apiRequest(path, {
      method: 'POST',
      ...(body ? { body } : {}),
      schema: teamLinkAnswerSchema,
      retry: false,
    }).then((answer) => answer.data);
  return {
    invite: useMutation({
      mutationFn: (body: InviteRequest) => link('/bff/team/invitations', body),
      onSettled,
    }),
    resend: useMutation({ mutationFn: (id: string) => link(personPath(id, '/invitation')), onSettled }),
    resetLink: useMutation({ mutationFn: (id: string) => link(personPath(id, '/reset-link')), onSettled }),
    revoke: useMutation({
      mutationFn: (id: string) =>
        apiRequest(personPath(id, '/invitation'), { method: 'DELETE', retry: false }),
      onSettled,
    }),
    changeRole: useMutation({
      mutationFn: ({ id, role }: { id: string; role: Role }) =>
        apiRequest(personPath(id, '/role'), { method: 'PUT', body: { role }, retry: false }),
      onSettled,
    }),
    remove: useMutation({
      mutationFn: (id: string) => apiRequest(personPath(id), { method: 'DELETE', retry: false }),
      onSettled,
    }),
  };
}
