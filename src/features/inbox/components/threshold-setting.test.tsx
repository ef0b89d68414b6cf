import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { server } from '@/testing/msw-server';
import { ThresholdSetting } from './threshold-setting';

function renderSetting(minutes: number | null) {
  const sent: unknown[] = [];
  server.use(
    http.put('/bff/inbox/settings', async ({ request }) => {
      sent.push(await request.json());
      return new HttpResponse(null, { status: 204 });
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ThresholdSetting minutes={minutes} />
    </QueryClientProvider>,
  );
  return { sent, user: userEvent.setup() };
}

describe('the owner’s "Late after" setting', () => {
  it('is in place but disabled until the threshold is known, so the toolbar does not move when it is', () => {
    renderSetting(null);
    const select = screen.getByRole('combobox', { name: 'Late after' });
    expect(select).toBeDisabled();
    // Blank, not an ellipsis; every choice is there, so it is as wide as it will be.
    expect(select).toHaveDisplayValue('');
    expect(screen.getAllByRole('option')).toHaveLength(8);
  });

  it('shows the threshold and saves a new one', async () => {
    const { sent, user } = renderSetting(5);
    const select = screen.getByRole('combobox', { name: 'Late after' });
    expect(select).toBeEnabled();
    expect(select).toHaveDisplayValue('5 min');
    expect(screen.getAllByRole('option')).toHaveLength(7);

    await user.selectOptions(select, '10 min');
    await waitFor(() => expect(sent).toEqual([{ waiting_threshold_minutes: 10 }]));
  });

  it('offers a threshold set elsewhere that is not one of its choices', () => {
    renderSetting(7);
    expect(screen.getByRole('combobox', { name: 'Late after' })).toHaveDisplayValue('7 min');
  });
});
