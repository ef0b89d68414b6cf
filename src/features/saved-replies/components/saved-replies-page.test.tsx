import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { SAVED_REPLY_SHORTCUT_TAKEN, type SavedReply } from '@/schemas/saved-replies';
import { renderWithApp } from '@/testing/render-with-app';

const DELIVERY: SavedReply = {
  id: '1',
  title: 'Delivery times',
  shortcut: 'deli',
  text: 'Orders ship in 2 days.',
  use_count: 4,
  created_by: 'Morgan Lee',
  created_at: '2026-11-01T10:00:00Z',
  updated_by: 'Morgan Lee',
  updated_at: '2026-11-01T10:00:00Z',
};

describe('the saved replies screen', () => {
  it('keeps what the owner typed and points at the shortcut when the BFF says it is taken', async () => {
    const sent: unknown[] = [];
    const { user, bff } = renderWithApp({
      route: '/saved-replies',
      session: 'owner',
      handlers: [
        http.post('/bff/saved-replies', async ({ request }) => {
          sent.push(await request.json());
          return HttpResponse.json(
            {
              error: {
                code: SAVED_REPLY_SHORTCUT_TAKEN,
                message:
                  'Another saved reply already has this shortcut. Choose another one, or leave it empty.',
                field: 'shortcut',
              },
            },
            { status: 409 },
          );
        }),
      ],
    });
    bff.savedReplies.push(DELIVERY);
    const list = await screen.findByRole('list', { name: 'Saved replies' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('Used 4 times');

    await user.click(screen.getByRole('button', { name: 'New saved reply' }));
    const form = screen.getByRole('form', { name: 'New saved reply' });
    await user.click(within(form).getByRole('button', { name: 'Add saved reply' }));
    expect(await within(form).findByText('Give the reply a title.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.type(within(form).getByLabelText('Title'), 'Shipping');
    await user.type(within(form).getByLabelText('Shortcut (optional)'), 'Deli');
    await user.type(within(form).getByLabelText('Text'), 'We ship daily.');
    await user.click(within(form).getByRole('button', { name: 'Add saved reply' }));
    const shortcut = within(form).getByLabelText('Shortcut (optional)');
    await waitFor(() => expect(shortcut).toHaveFocus());
    expect(shortcut).toHaveAccessibleDescription(/Another saved reply already has this shortcut/);
    expect(sent).toEqual([{ title: 'Shipping', shortcut: 'deli', text: 'We ship daily.' }]);
    expect(within(form).getByLabelText('Title')).toHaveValue('Shipping');
    expect(within(form).getByLabelText('Text')).toHaveValue('We ship daily.');
  });

  it('shows staff the list read-only, and an empty list says what saved replies are for', async () => {
    renderWithApp({ route: '/saved-replies', session: 'staff' });
    expect(await screen.findByRole('heading', { name: 'No saved replies yet' })).toBeInTheDocument();
    expect(screen.getByText('Only owners add or change saved replies')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New saved reply' })).not.toBeInTheDocument();
  });

  it("shows another owner's new saved reply without a reload, on the live event", async () => {
    const { bff } = renderWithApp({ route: '/saved-replies', session: 'staff', live: true });
    expect(await screen.findByRole('heading', { name: 'No saved replies yet' })).toBeInTheDocument();
    await waitFor(() => expect(bff.live.openStreams()).toBe(1));
    // Added by someone else: this screen hears of it only from the live stream.
    bff.savedReplies.push(DELIVERY);
    act(() => bff.live.emit('records', { part: 'saved_replies' }));
    const list = await screen.findByRole('list', { name: 'Saved replies' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('Delivery times');
  });
});
