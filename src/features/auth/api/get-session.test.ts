import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { TEST_ACCOUNTS, createTestBff } from '@/testing/bff-handlers';
import { server } from '@/testing/msw-server';
import { sessionQueryOptions, sessionQueryOptionsStartedWith } from './get-session';

function bffWithOwner() {
  const bff = createTestBff({ session: 'owner' });
  server.use(...bff.handlers);
  const sessionChecks = () => bff.requests.filter((request) => request.path === '/bff/session').length;
  return { sessionChecks };
}

describe('the session query started by the page entry', () => {
  it('takes the answer of the check already under way instead of asking again', async () => {
    const { sessionChecks } = bffWithOwner();
    const queryClient = createQueryClient();
    const started = Promise.resolve({ user: TEST_ACCOUNTS.staff.user, roster: [] });

    await queryClient.prefetchQuery(sessionQueryOptionsStartedWith(started));

    expect(queryClient.getQueryData(sessionQueryOptions().queryKey)?.user.email).toBe(
      TEST_ACCOUNTS.staff.user.email,
    );
    expect(sessionChecks()).toBe(0);
  });

  it('shows a failed check as the query’s error, and the next read asks the BFF', async () => {
    const { sessionChecks } = bffWithOwner();
    const queryClient = createQueryClient();
    const options = sessionQueryOptionsStartedWith(Promise.reject(new Error('offline')));

    await expect(queryClient.fetchQuery(options)).rejects.toThrow('offline');
    const session = await queryClient.fetchQuery({ ...options, staleTime: 0 });

    expect(session?.user.email).toBe(TEST_ACCOUNTS.owner.user.email);
    expect(sessionChecks()).toBe(1);
  });
});
