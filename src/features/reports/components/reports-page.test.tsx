import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '@/schemas/demo-accounts';
import { FIGURE_NOTES } from '@/schemas/report-definitions';
import type { Report } from '@/schemas/reports';
import { renderWithApp } from '@/testing/render-with-app';

const SAM = DEMO_ACCOUNTS.staff.storeUserId;

const day = (date: string, started: number, handed: number) => ({
  date,
  started,
  website: started,
  messaging_a: 0,
  messaging_b: 0,
  handed_to_person: handed,
});

const REPORT: Report = {
  period: { from: '2026-11-20', to: '2026-11-22', time_zone: 'Europe/Oslo' },
  coverage: { copied: 1240, known: 3400, transcripts_read: 800, complete: false },
  totals: { started: 8, handed_to_person: 2, handoff_rate: 0.25 },
  previous: {
    period: { from: '2026-11-17', to: '2026-11-19', time_zone: 'Europe/Oslo' },
    totals: { started: 5, handed_to_person: 2, handoff_rate: 0.4 },
    first_staff_reply: { count: 1, median_seconds: 300, p90_seconds: 300 },
    time_to_close: { count: 0, median_seconds: null, p90_seconds: null },
  },
  days: [day('2026-11-20', 3, 1), day('2026-11-21', 0, 0), day('2026-11-22', 5, 1)],
  first_staff_reply: { count: 2, median_seconds: 150, p90_seconds: 600 },
  time_to_close: { count: 1, median_seconds: 3600, p90_seconds: 3600 },
  ratings: [
    { author_user_id: null, count: 4, average: 4.25, distribution: [0, 0, 1, 1, 2] },
    { author_user_id: SAM, count: 1, average: 5, distribution: [0, 0, 0, 0, 1] },
  ],
  staff: [
    {
      author_user_id: SAM,
      conversations_replied: 2,
      first_replies: 2,
      median_first_reply_seconds: 150,
      ratings: 1,
      average_rating: 5,
    },
  ],
  busiest_hours: [{ weekday: 1, hour: 9, shopper_messages: 3 }],
  asked_before_handoff: [
    {
      conversation_id: 'conv_1',
      display_name: 'Kari',
      handed_at: '2026-11-22T08:10:00.000Z',
      content: 'Can I talk to a person?',
    },
  ],
};

/** Answers GET /bff/reports with `answer`, and records the queries asked. */
function reports(answer: () => Response) {
  const asked: string[] = [];
  const handler = http.get('/bff/reports', ({ request }) => {
    asked.push(new URL(request.url).search);
    return answer();
  });
  return { asked, handler };
}

describe('the reports screen', { timeout: 20_000 }, () => {
  it("shows the period's figures, names people from the roster, and how far the copy has got", async () => {
    const { handler } = reports(() => HttpResponse.json({ data: REPORT }));
    renderWithApp({ route: '/reports', handlers: [handler] });

    expect(await screen.findByText('Covers 1,240 of 3,400 conversations; catching up')).toBeInTheDocument();
    expect(screen.getByText(/800 of 1,240 transcripts read/)).toBeInTheDocument();
    const figures = screen.getAllByRole('definition').map((node) => node.textContent);
    expect(figures).toEqual(expect.arrayContaining(['8', '25%', '2 of 8', '3 minutes', '1 hour']) as unknown);
    const team = screen.getByRole('table', { name: 'Per staff member' });
    expect(within(team).getByRole('rowheader', { name: 'Sam Rivera' })).toBeInTheDocument();
    const ratings = screen.getByRole('table', { name: 'Ratings by author' });
    expect(within(ratings).getByRole('row', { name: /The assistant 4 4.25 0 0 1 1 2/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kari' })).toHaveAttribute('href', '/inbox/conv_1');
  });

  it('compares each figure with the period before and says how it is counted', async () => {
    const { handler } = reports(() => HttpResponse.json({ data: REPORT }));
    renderWithApp({ route: '/reports', handlers: [handler] });
    await screen.findByText(/catching up/);
    const figures = screen.getAllByRole('definition').map((node) => node.textContent);
    expect(figures).toEqual(
      expect.arrayContaining([
        'Up 3 from 5 in Nov 17 – Nov 19.',
        'Down from 40% in Nov 17 – Nov 19.',
        'Down from 5 minutes in Nov 17 – Nov 19.',
        'Nothing to compare in Nov 17 – Nov 19.',
        `How it is counted: ${FIGURE_NOTES.first_staff_reply}`,
      ]) as unknown,
    );
    expect(screen.getByRole('button', { name: 'Conversations CSV' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'People CSV' })).toBeEnabled();
  });

  it('keeps the period in the address and asks for the one chosen', async () => {
    const { asked, handler } = reports(() => HttpResponse.json({ data: REPORT }));
    const { user, router } = renderWithApp({ route: '/reports', handlers: [handler] });
    await screen.findByText(/catching up/);
    await user.selectOptions(screen.getByLabelText('Period'), 'Last 90 days');
    expect(router.state.location.search).toBe('?period=90d');
    await user.selectOptions(screen.getByLabelText('Period'), 'Custom dates');
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-11-23');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The first date must not be after the last.');
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(router.state.location.search).toBe('?period=custom&from=2026-11-01&to=2026-11-22');
    await expect.poll(() => asked.at(-1)).toBe('?period=custom&from=2026-11-01&to=2026-11-22');
    expect(asked).toContain('?period=90d');
  });

  it('says what went wrong and offers a retry', async () => {
    let fail = true;
    const { handler } = reports(() =>
      fail
        ? HttpResponse.json(
            { error: { code: 'database_unavailable', message: 'The database is unavailable.' } },
            { status: 503 },
          )
        : HttpResponse.json({ data: REPORT }),
    );
    const { user } = renderWithApp({ route: '/reports', handlers: [handler] });
    const alert = await screen.findByRole('alert');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/catching up/)).toBeInTheDocument();
  });
});
