import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Conversation } from '@/schemas/conversation';
import type { SavedReply } from '@/schemas/saved-replies';
import {
  findConversation,
  renderTranscript,
  setUpTranscriptTests,
  sim,
  storedMessages,
  typeReply,
} from '@/testing/transcript-harness';

setUpTranscriptTests();
// The picker's chunk is loaded on the first focus of the reply box; transformed here once, ahead of the
// tests, rather than inside the first one.
beforeAll(() => import('./saved-replies'));

const reply = (fields: Partial<SavedReply> & Pick<SavedReply, 'id' | 'title' | 'text'>): SavedReply => ({
  shortcut: null,
  use_count: 0,
  created_by: 'Morgan Lee',
  created_at: '2026-11-01T10:00:00Z',
  updated_by: 'Morgan Lee',
  updated_at: '2026-11-01T10:00:00Z',
  ...fields,
});

// Most used first, as the BFF lists them.
const REPLIES = [
  reply({
    id: '2',
    title: 'Returns',
    shortcut: 'ret',
    text: 'Returns are free within 30 days.',
    use_count: 7,
  }),
  reply({
    id: '1',
    title: 'Delivery times',
    shortcut: 'deli',
    text: 'Hi {{shopper.first_name | "there"}}, orders ship in 2 days. {{agent.first_name}}',
    use_count: 2,
  }),
  reply({ id: '3', title: 'Order number', text: 'We will write to {{shopper.email}} soon.' }),
];

const humanWith = (named: boolean) =>
  findConversation(
    sim,
    (c, count) =>
      c.handoff_state === 'human' &&
      c.status === 'active' &&
      count < 10 &&
      (named ? c.display_name !== null && c.display_name.includes(' ') : c.display_name === null),
  ) as unknown as Conversation;

function render(named = true) {
  const conversation = humanWith(named);
  const rendered = renderTranscript(sim, conversation.id);
  rendered.bff.savedReplies.push(...structuredClone(REPLIES));
  return { ...rendered, conversation };
}

describe('the saved-reply picker', () => {
  it('opens on / at the start of a word, filters by shortcut, and Enter inserts the filled reply in place of /deli', async () => {
    const { user, bff, conversation } = render();
    const firstName = conversation.display_name!.split(' ')[0]!;
    const box = await typeReply(user, 'Thanks! /deli');
    const list = await screen.findByRole('listbox', { name: 'Saved replies' });
    const options = within(list).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([expect.stringContaining('Delivery times')]);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);

    await user.keyboard('{Enter}');
    expect(box).toHaveValue(`Thanks! Hi ${firstName}, orders ship in 2 days. Sam`);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box).toHaveFocus();
    await waitFor(() => expect(bff.savedReplies.find((r) => r.id === '1')!.use_count).toBe(3));
  });

  it('does not open on a / inside a word, and lists most used first on a bare /', async () => {
    const { user } = render();
    await typeReply(user, 'and/or ');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.keyboard('/');
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.querySelector('span span')?.textContent)).toEqual([
      'Returns',
      'Delivery times',
      'Order number',
    ]);
    expect(options[0]).toHaveTextContent('used 7 times');
  });

  it('moves with the arrow keys, wraps around, and inserts the chosen reply at the cursor', async () => {
    const { user } = render();
    const box = await typeReply(user, '/');
    const list = await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(within(list).getAllByRole('option')[2]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(within(list).getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{Enter}');
    expect(box).toHaveValue('We will write to {{shopper.email}} soon.');
  });

  it('closes on Escape with the focus and the typed /word left in the reply box, and stays closed in that word', async () => {
    const { user } = render();
    const box = await typeReply(user, 'See /ret');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box).toHaveFocus();
    expect(box).toHaveValue('See /ret');
    await user.keyboard('urns');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.keyboard(' /');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
  });

  it('opens from its button with a search field; Escape gives the focus back to the reply box', async () => {
    const { user } = render();
    const box = await typeReply(user, 'Hello. ');
    await user.click(screen.getByRole('button', { name: 'Saved replies' }));
    const search = await screen.findByRole('combobox', { name: 'Search saved replies' });
    expect(search).toHaveFocus();
    await user.keyboard('free');
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(1);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await waitFor(() => expect(box).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Saved replies' }));
    await user.keyboard('ret{Enter}');
    expect(box).toHaveValue('Hello. Returns are free within 30 days.');
  });

  it('uses the fallback for an anonymous shopper, and asks before sending a variable left unfilled', async () => {
    const { user, conversation } = render(false);
    const box = await typeReply(user, '/deli');
    await screen.findByRole('listbox');
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('Hi there, orders ship in 2 days. Sam');

    await user.clear(box);
    await user.keyboard('/order');
    await screen.findByRole('listbox');
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('We will write to {{shopper.email}} soon.');
    const before = storedMessages(sim, conversation.id).length;
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const question = await screen.findByRole('alertdialog', { name: 'This reply has an unfilled variable' });
    expect(question).toHaveTextContent('{{shopper.email}} has no value in this conversation');
    await user.click(within(question).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(box).toHaveFocus());
    expect(storedMessages(sim, conversation.id)).toHaveLength(before);

    await user.click(screen.getByRole('button', { name: 'Send' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Send anyway' }),
    );
    await waitFor(() => expect(storedMessages(sim, conversation.id)).toHaveLength(before + 1));
    expect(storedMessages(sim, conversation.id).at(-1)!.content).toBe(
      'We will write to {{shopper.email}} soon.',
    );
  });
});
