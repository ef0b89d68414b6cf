import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { SessionContext } from '@/lib/session-context';
import type { ConversationSnooze } from '@/schemas/conversation-snooze';
import { server } from '@/testing/msw-server';
import { SnoozeDialog, type SnoozeTarget } from './snooze-dialog';

const SAM = { id: 'usr_1', email: 'sam@example.com', name: 'Sam Rivera', role: 'staff' as const };
const ASLEEP: ConversationSnooze = {
  until: null,
  snoozed_by: 'usr_1',
  snoozed_at: '2026-11-26T10:00:00Z',
  woke: null,
};

function renderDialog(targets: SnoozeTarget[], current?: ConversationSnooze | null) {
  const sent: { method: string; url: string; body: unknown }[] = [];
  const onOpenChange = vi.fn();
  const record = async (request: Request) => {
    const body: unknown = request.method === 'DELETE' ? null : await request.json();
    sent.push({ method: request.method, url: new URL(request.url).pathname, body });
    return body as { until: string | null; conversation_ids?: string[] } | null;
  };
  server.use(
    http.put('/bff/conversations/:id/snooze', async ({ request }) => {
      const body = await record(request);
      return HttpResponse.json({ data: { ...ASLEEP, until: body?.until ?? null } });
    }),
    http.delete('/bff/conversations/:id/snooze', async ({ request }) => {
      await record(request);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post('/bff/snoozes', async ({ request }) => {
      const body = await record(request);
      const [first, ...rest] = body?.conversation_ids ?? [];
      return HttpResponse.json({
        data: {
          snoozed: rest,
          refused: [{ conversation_id: first, code: 'conversation_closed', message: 'It is closed.' }],
        },
      });
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionContext value={{ user: SAM, roster: [{ id: 'usr_1', name: 'Sam Rivera', role: 'staff' }] }}>
        <SnoozeDialog
          isOpen
          onOpenChange={onOpenChange}
          subject={
            targets.length === 1
              ? `the conversation with ${targets[0]!.name}`
              : `${targets.length} conversations`
          }
          targets={targets}
          current={current}
        />
      </SessionContext>
    </QueryClientProvider>,
  );
  return { sent, onOpenChange, user: userEvent.setup() };
}

const KARI = { id: 'conv_1', name: 'Kari Nordmann' };

describe('the snooze menu', () => {
  it('snoozes until the shopper writes with one press, and closes', async () => {
    const { sent, onOpenChange, user } = renderDialog([KARI]);
    const dialog = screen.getByRole('dialog', { name: 'Snooze the conversation with Kari Nordmann' });
    // The first preset has the focus: Enter snoozes for an hour.
    expect(within(dialog).getByRole('button', { name: /In an hour/ })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: /Until the shopper writes/ }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent).toEqual([{ method: 'PUT', url: '/bff/conversations/conv_1/snooze', body: { until: null } }]);
  });

  it('sends a preset as the time it names, in the future', async () => {
    const { sent, user } = renderDialog([KARI]);
    const before = Date.now();
    await user.click(screen.getByRole('button', { name: /Tomorrow morning/ }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const until = new Date((sent[0]!.body as { until: string }).until);
    expect(until.getTime()).toBeGreaterThan(before);
    expect([until.getHours(), until.getMinutes()]).toEqual([9, 0]);
  });

  it('refuses an empty or past custom time in words, and sends a good one', async () => {
    const { sent, user } = renderDialog([KARI]);
    const field = screen.getByLabelText('Or a date and time');
    await user.click(screen.getByRole('button', { name: 'Snooze until then' }));
    expect(screen.getByText('Choose a date and a time.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.type(field, '2020-01-01T09:00');
    await user.click(screen.getByRole('button', { name: 'Snooze until then' }));
    expect(screen.getByText('Choose a time that is still to come.')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.clear(field);
    const nextYear = new Date().getFullYear() + 1;
    await user.type(field, `${nextYear}-01-02T10:30`);
    await user.click(screen.getByRole('button', { name: 'Snooze until then' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(new Date((sent[0]!.body as { until: string }).until)).toEqual(new Date(`${nextYear}-01-02T10:30`));
  });

  it('snoozes a selection at once and names the ones refused, with why', async () => {
    const { sent, onOpenChange, user } = renderDialog([KARI, { id: 'conv_2', name: 'Ola Hansen' }]);
    await user.click(screen.getByRole('button', { name: /In an hour/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('1 of 2 could not be snoozed');
    expect(screen.getByRole('alert')).toHaveTextContent('Kari Nordmann: It is closed.');
    expect(sent[0]).toMatchObject({ method: 'POST', url: '/bff/snoozes' });
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('wakes a sleeping conversation now', async () => {
    const { sent, onOpenChange, user } = renderDialog([KARI], ASLEEP);
    expect(screen.getByText(/Snoozed until the shopper writes by Sam Rivera/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Wake it now' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent).toEqual([{ method: 'DELETE', url: '/bff/conversations/conv_1/snooze', body: null }]);
  });
});
