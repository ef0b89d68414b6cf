import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildConversation, buildInboxResponse } from '@/testing/factories';
import { setUpInboxTests, sim } from '@/testing/inbox-harness';
import { renderWithApp } from '@/testing/render-with-app';

setUpInboxTests();

const FROM_REPORT = '/inbox?status=any&report=handed&report_from=2026-11-24&report_to=2026-11-24';

/** The inbox from a report's link; its list answers one row and records each list query asked for. */
function renderFromReport() {
  const asked: URLSearchParams[] = [];
  const row = {
    conversation: buildConversation({ id: 'conv_handed', display_name: 'Kari Nordmann' }),
    last_message: null,
    last_shopper_message_at: null,
    waiting_since: null,
    unread: false,
  };
  const list = http.get('/bff/inbox', ({ request }) => {
    asked.push(new URL(request.url).searchParams);
    return HttpResponse.json(buildInboxResponse({ data: [row] }));
  });
  return { asked, ...renderWithApp({ route: FROM_REPORT, simulator: sim, handlers: [list] }) };
}

describe('the report filter in the inbox', () => {
  it('asks the BFF for the figure’s conversations, says so in a chip, links back and clears', async () => {
    const { asked, user, router } = renderFromReport();

    const chip = await screen.findByText('Handoffs on Nov 24 · from Reports');
    await within(screen.getByRole('list', { name: 'Conversations' })).findByText('Kari Nordmann');
    expect(asked.at(-1)?.get('report')).toBe('handed');
    expect(asked.at(-1)?.get('report_from')).toBe('2026-11-24');
    expect(asked.at(-1)?.get('report_to')).toBe('2026-11-24');
    const back = within(chip.parentElement!).getByRole('link', { name: 'Back to the report' });
    expect(back).toHaveAttribute('href', '/reports?period=custom&from=2026-11-24&to=2026-11-24');

    await user.click(screen.getByRole('button', { name: 'Clear filter' }));
    expect(router.state.location.search).toBe('?status=any');
    expect(screen.queryByText(/from Reports/)).not.toBeInTheDocument();
    // The focus lands on the search, not on the page.
    expect(screen.getByLabelText('Search shoppers by name or email')).toHaveFocus();
    await waitFor(() => expect(asked.at(-1)?.has('report')).toBe(false));
  });

  it('gives way to a filter chosen in the inbox, which lists its own conversations', async () => {
    const { user, router } = renderFromReport();
    await screen.findByText('Handoffs on Nov 24 · from Reports');
    await user.selectOptions(screen.getByLabelText('Channel'), 'Website');
    await waitFor(() => expect(router.state.location.search).toBe('?status=any&channel=website'));
    expect(screen.queryByText(/from Reports/)).not.toBeInTheDocument();
  });
});
