import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { DEFAULT_ASSIGNMENT_SETTINGS, type AssignmentSettings } from '@/schemas/assignment';
import { server } from '@/testing/msw-server';
import { AssignmentSettingsDialog } from './assignment-settings-dialog';

function renderDialog({ saves = true }: { saves?: boolean } = {}) {
  let stored: AssignmentSettings = DEFAULT_ASSIGNMENT_SETTINGS;
  const sent: unknown[] = [];
  server.use(
    http.get('/bff/assignment-settings', () => HttpResponse.json({ data: stored })),
    http.put('/bff/assignment-settings', async ({ request }) => {
      const body = (await request.json()) as AssignmentSettings;
      sent.push(body);
      if (!saves)
        return HttpResponse.json(
          { error: { code: 'database_unavailable', message: 'Try again in a moment.' } },
          { status: 503 },
        );
      stored = body;
      return HttpResponse.json({ data: stored });
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AssignmentSettingsDialog isOpen onOpenChange={() => undefined} />
    </QueryClientProvider>,
  );
  return { sent, user: userEvent.setup() };
}

describe('the auto-away in the assignment settings', () => {
  it('is off by default, explained, and saves the period chosen', async () => {
    const { sent, user } = renderDialog();
    const select = await screen.findByRole('combobox', { name: 'Away when inactive' });
    expect(select).toHaveDisplayValue('Never');
    expect(select).toHaveAccessibleDescription(/no input on any of their dashboards for this long/);
    await user.selectOptions(select, 'After 30 minutes');
    await waitFor(() =>
      expect(sent).toEqual([{ ...DEFAULT_ASSIGNMENT_SETTINGS, away_after_idle_minutes: 30 }]),
    );
    await waitFor(() => expect(select).toHaveDisplayValue('After 30 minutes'));
    await user.selectOptions(select, 'Never');
    await waitFor(() => expect(sent.at(-1)).toMatchObject({ away_after_idle_minutes: null }));
  });

  it('says when the choice was not saved, and shows what is stored', async () => {
    const { user } = renderDialog({ saves: false });
    const select = await screen.findByRole('combobox', { name: 'Away when inactive' });
    await user.selectOptions(select, 'After 15 minutes');
    expect(await screen.findByRole('alert')).toHaveTextContent('Not saved. Try again.');
    expect(select).toHaveDisplayValue('Never');
  });
});
