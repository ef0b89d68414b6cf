import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { TAG_ERROR_CODES } from '@/schemas/tags';
import { server } from '@/testing/msw-server';
import { TagManager } from './tag-manager';

const RETURNS = { id: 'tag_returns00001', name: 'Returns', colour: 'red', conversation_count: 2 };
const TAKEN = 'A tag with this name exists already.';

function renderManager() {
  const sent: unknown[] = [];
  const taken = () =>
    HttpResponse.json(
      { error: { code: TAG_ERROR_CODES.nameTaken, message: TAKEN, field: 'name' } },
      { status: 409 },
    );
  server.use(
    http.get('/bff/tags', () => HttpResponse.json({ data: [RETURNS] })),
    http.post('/bff/tags', async ({ request }) => {
      sent.push(await request.json());
      return taken();
    }),
    http.patch('/bff/tags/:id', async ({ request }) => {
      sent.push(await request.json());
      return taken();
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TagManager onDone={() => {}} />
    </QueryClientProvider>,
  );
  return { sent, user: userEvent.setup() };
}

describe('the tag manager', () => {
  it('says a taken name beside the field it was typed in, with the focus there, and keeps it', async () => {
    const { sent, user } = renderManager();
    const name = screen.getByRole('textbox', { name: 'New tag' });
    await user.type(name, 'Returns');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Colour' }), 'Amber');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText(TAKEN)).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(TAKEN);
    expect(name).toHaveFocus();
    expect(name).toHaveValue('Returns');
    expect(sent).toEqual([{ name: 'Returns', colour: 'amber' }]);

    const line = within(await screen.findByRole('list', { name: 'Tags' })).getByRole('listitem');
    const rename = within(line).getByRole('textbox', { name: 'Name of the tag Returns' });
    await user.clear(rename);
    await user.type(rename, '  Refunds ');
    await user.click(within(line).getByRole('button', { name: 'Rename' }));
    expect(await within(line).findByText(TAKEN)).toBeInTheDocument();
    expect(rename).toHaveFocus();
    expect(sent[1]).toEqual({ name: 'Refunds' });
    // The refusal is said once, beside the field, not again as the line's failure.
    expect(screen.getAllByText(TAKEN)).toHaveLength(2);
  });
});
