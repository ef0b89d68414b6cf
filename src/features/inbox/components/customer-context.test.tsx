import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, onTestFinished } from 'vitest';
import { apiClient } from '@/lib/api-client';
import { createQueryClient } from '@/lib/query-client';
import { buildConversation, buildInboxResponse } from '@/testing/factories';
import { server } from '@/testing/msw-server';
import { CustomerContext } from './customer-context';

const answer = buildInboxResponse;

/** Renders the narrow form (jsdom has no matchMedia) and opens it, answering GET /bff/inbox with `reply`. */
async function openContext(reply: () => Response, customerId: string | null = 'cus_42') {
  const asked: string[] = [];
  server.use(
    http.get('*/bff/inbox', ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('customer_of') ?? '');
      return reply();
    }),
  );
  onTestFinished(apiClient.configure({ sleep: () => Promise.resolve() }));
  const queryClient = createQueryClient({ defaultOptions: { queries: { retry: false } } });
  onTestFinished(() => queryClient.clear());
  const conversation = buildConversation({
    id: 'conv_open',
    display_name: 'Ingrid Berg',
    email: 'ingrid@example.com',
    customer_id: customerId,
  });
  const router = createMemoryRouter(
    [{ path: '*', element: <CustomerContext conversation={conversation} /> }],
    { initialEntries: ['/inbox/conv_open?status=active'] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  expect(asked).toEqual([]);
  await userEvent.click(screen.getByText('Customer and other conversations'));
  return { asked };
}

describe('CustomerContext', () => {
  it("shows the shopper and links each other conversation, keeping the list's filters", async () => {
    const other = buildConversation({ id: 'conv_other', status: 'closed', channel: 'messaging_a' });
    const { asked } = await openContext(() =>
      HttpResponse.json(
        answer({
          data: [
            {
              conversation: other,
              last_message: null,
              last_shopper_message_at: null,
              waiting_since: null,
              unread: false,
            },
          ],
        }),
      ),
    );
    const link = await screen.findByRole('link', { name: /Messaging A/ });
    expect(link).toHaveAttribute('href', '/inbox/conv_other?status=active');
    expect(within(link).getByText('Closed')).toBeInTheDocument();
    expect(link).toHaveTextContent('Last activity');
    expect(screen.getByText('ingrid@example.com')).toBeInTheDocument();
    expect(screen.getByText('cus_42')).toBeInTheDocument();
    expect(asked).toEqual(['conv_open']);
  });

  it('says when there are none, and leaves out an unknown customer id', async () => {
    await openContext(() => HttpResponse.json(answer({})), null);
    expect(await screen.findByText('No other conversations')).toBeInTheDocument();
    expect(screen.queryByText('Customer ID')).not.toBeInTheDocument();
  });

  it('says it cannot list them yet while the store is being listed', async () => {
    await openContext(() => HttpResponse.json(answer({ listed: false, ready: false })));
    expect(await screen.findByText(/cannot be listed yet/)).toBeInTheDocument();
  });

  it('says what failed, with a retry', async () => {
    await openContext(() =>
      HttpResponse.json(
        { error: { code: 'upstream_unavailable', message: 'The store did not answer.' } },
        { status: 503 },
      ),
    );
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
