import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { SessionContext } from '@/lib/session-context';
import type { Role } from '@/schemas/bff';
import { server } from '@/testing/msw-server';
import { TagPickerDialog } from './tag-picker-dialog';

const WHOLESALE = { id: 'tag_wholesale0001', name: 'Wholesale', colour: 'sky', conversation_count: 1 };
const VIP = { id: 'tag_vip000000001', name: 'VIP', colour: 'amber', conversation_count: 0 };

function renderPicker(role: Role) {
  const sent: unknown[] = [];
  server.use(
    http.get('/bff/tags', () => HttpResponse.json({ data: [VIP, WHOLESALE] })),
    http.post('/bff/conversation-tags', async ({ request }) => {
      const body = (await request.json()) as { add?: string[]; remove?: string[] };
      sent.push(body);
      const tags = body.add?.includes(VIP.id) ? [VIP, WHOLESALE] : [];
      return HttpResponse.json({ data: [{ conversation_id: 'conv_1', tags }] });
    }),
    http.post('/bff/tags', async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({ data: { ...VIP, id: 'tag_new000000001', name: 'Refund' } }, { status: 201 });
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SessionContext
        value={{ user: { id: 'usr_1', email: 'a@example.com', name: 'Sam Rivera', role }, roster: [] }}
      >
        <TagPickerDialog
          isOpen
          onOpenChange={() => {}}
          subject="the conversation with Kari"
          targets={[{ id: 'conv_1', tags: [WHOLESALE] }]}
        />
      </SessionContext>
    </QueryClientProvider>,
  );
  return { sent, user: userEvent.setup() };
}

describe('the tag picker', () => {
  it('narrows the tags as one types, shows which the conversation carries, and adds the highlighted one with Enter', async () => {
    const { sent, user } = renderPicker('staff');
    const combobox = screen.getByRole('combobox', { name: 'Find a tag' });
    expect(await screen.findByRole('option', { name: /Wholesale/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('option', { name: /VIP/ })).toHaveAttribute('aria-selected', 'false');

    await user.type(combobox, 'vi');
    expect(screen.queryByRole('option', { name: /Wholesale/ })).not.toBeInTheDocument();
    // Staff cannot create tags: no "Create tag" for a name that does not exist.
    expect(screen.queryByRole('option', { name: /Create tag/ })).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(sent).toEqual([{ conversation_ids: ['conv_1'], add: [VIP.id] }]));
    expect(await screen.findByRole('status')).toHaveTextContent('Added VIP');
    expect(screen.getByRole('option', { name: /VIP/ })).toHaveAttribute('aria-selected', 'true');
  });

  it('offers owners "Create tag" for a new name, which creates the tag and adds it', async () => {
    const { sent, user } = renderPicker('owner');
    await screen.findByRole('option', { name: /Wholesale/ });
    await user.type(screen.getByRole('combobox', { name: /Find a tag/ }), 'Refund');
    await user.click(screen.getByRole('option', { name: 'Create tag “Refund”' }));
    await waitFor(() =>
      expect(sent).toEqual([
        { name: 'Refund', colour: 'amber' },
        { conversation_ids: ['conv_1'], add: ['tag_new000000001'] },
      ]),
    );
  });
});
