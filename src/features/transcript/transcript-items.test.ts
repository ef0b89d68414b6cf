import { describe, expect, it } from 'vitest';
import { formatDay, senderOf, startsNewDay, toItems } from './transcript-items';

const roster = [
  { id: 'usr_owner', name: 'Morgan Lee' },
  { id: 'usr_staff1', name: 'Sam Rivera' },
];
const context = { shopper: 'Dana', roster, currentUserId: 'usr_staff1' };
const message = (id: string, createdAt: string) => ({
  id,
  conversation_id: 'conv_1',
  content: id,
  created_at: createdAt,
  role: 'user' as const,
  author_user_id: null,
  rating: null,
});

describe('senderOf', () => {
  it('tells the shopper, the assistant and staff apart', () => {
    expect(senderOf({ role: 'user', author_user_id: null }, context)).toEqual({
      side: 'shopper',
      name: 'Dana',
    });
    expect(senderOf({ role: 'assistant', author_user_id: null }, context)).toEqual({
      side: 'assistant',
      name: 'Assistant',
    });
    expect(senderOf({ role: 'assistant', author_user_id: 'usr_owner' }, context)).toEqual({
      side: 'staff',
      name: 'Morgan Lee',
      userId: 'usr_owner',
      isYou: false,
    });
    expect(senderOf({ role: 'assistant', author_user_id: 'usr_staff1' }, context)).toMatchObject({
      isYou: true,
    });
  });

  it('shows an author the roster does not know by their id', () => {
    expect(senderOf({ role: 'assistant', author_user_id: 'usr_gone' }, context)).toMatchObject({
      side: 'staff',
      name: 'usr_gone',
    });
  });
});

describe('day dividers', () => {
  it('opens a day on the first item and when the local date changes', () => {
    const items = toItems(
      [
        message('a', '2026-03-01T09:00:00'),
        message('b', '2026-03-01T18:00:00'),
        message('c', '2026-03-02T08:00:00'),
      ],
      [],
    );
    expect(items.map((_, index) => startsNewDay(items, index))).toEqual([true, false, true]);
  });

  it('names today and yesterday, and other days by date', () => {
    const now = new Date('2026-03-10T12:00:00').getTime();
    expect(formatDay('2026-03-10T08:00:00', now)).toBe('Today');
    expect(formatDay('2026-03-09T23:30:00', now)).toBe('Yesterday');
    expect(formatDay('2026-03-02T08:00:00', now)).toMatch(/2/);
    expect(formatDay('not a time', now)).toBe('');
  });
});

describe('notes in the transcript', () => {
  it('shows a note once: its "wrote an internal note" line goes while the note itself is shown', () => {
    const at = '2030-01-01T10:00:00.000Z';
    const note = {
      id: 'note_1',
      conversation_id: 'conv_1',
      author_user_id: 'usr_staff1',
      body: 'Size 38',
      mentioned_user_ids: [],
      created_at: at,
      edited_at: null,
    };
    const lines = [
      { key: 'history:1', at, text: 'Sam Rivera wrote an internal note', addedNoteId: 'note_1' },
      { key: 'history:2', at, text: 'Sam Rivera deleted an internal note' },
    ];
    expect(toItems([], [], lines, [note]).map((item) => item.key)).toEqual(['history:2', 'note:note_1']);
    // A note no longer shown (deleted, or not read yet) keeps its line.
    expect(toItems([], [], lines, []).map((item) => item.key)).toEqual(['history:1', 'history:2']);
  });
});
