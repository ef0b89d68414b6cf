import { describe, expect, it } from 'vitest';
import type { HistoryEntry } from '@/schemas/history';
import { historyLines } from './history-lines';

const roster = [
  { id: 'usr_staff1', name: 'Sam Rivera' },
  { id: 'usr_staff2', name: 'Alex Kim' },
];
let id = 0;
const entry = (kind: string, fields: Partial<HistoryEntry> = {}): HistoryEntry => ({
  id: String((id += 1)),
  conversation_id: 'c_1',
  kind,
  version: `v${id}`,
  at: '2026-11-26T10:42:00.000Z',
  actor_user_id: null,
  ...fields,
});
const texts = (entries: HistoryEntry[]) => historyLines(entries, roster).map((line) => line.text);

describe('historyLines', () => {
  it('reads a take-over (handed over and assigned to oneself in one change) as one line', () => {
    expect(
      texts([
        entry('handed_to_person', { version: 'v', actor_user_id: 'usr_staff1' }),
        entry('assigned', { version: 'v', actor_user_id: 'usr_staff1', assigned_to: 'usr_staff1' }),
      ]),
    ).toEqual(['Sam Rivera took over']);
  });

  it('says when the dashboard assigned a conversation by itself, and by which rule', () => {
    expect(texts([entry('assigned', { assigned_to: 'usr_staff2', automatic: true })])).toEqual([
      'Assigned to Alex Kim automatically',
    ]);
    expect(
      texts([
        entry('assigned', { assigned_to: 'usr_staff2', automatic: true, strategy: 'round_robin' }),
        entry('assigned', { assigned_to: 'usr_staff2', automatic: true, strategy: 'fewest_open' }),
      ]),
    ).toEqual([
      'Assigned to Alex Kim automatically: round robin',
      'Assigned to Alex Kim automatically: fewest open conversations',
    ]);
  });

  it('names the person for changes made in the dashboard, and says so for those made elsewhere', () => {
    expect(
      texts([
        entry('handed_to_person'),
        entry('assigned', { actor_user_id: 'usr_staff1', assigned_to: 'usr_staff2' }),
        entry('assigned', { assigned_to: 'usr_staff2' }),
        entry('assigned', { actor_user_id: 'usr_staff2', assigned_to: null }),
        entry('closed'),
        entry('reopened', { actor_user_id: 'usr_staff2' }),
        entry('handed_to_assistant', { actor_user_id: 'usr_staff1' }),
        entry('closed', { actor_user_id: 'usr_gone' }),
        entry('snoozed_forever'),
      ]),
    ).toEqual([
      'The assistant handed this to a person',
      'Sam Rivera assigned it to Alex Kim',
      'Assigned to Alex Kim outside the dashboard',
      'Alex Kim unassigned it',
      'Closed outside the dashboard',
      'Alex Kim reopened it',
      'Sam Rivera handed this back to the assistant',
      'usr_gone closed it',
      'Changed outside the dashboard',
    ]);
  });

  it('a person who takes a conversation over but assigns someone else gets two lines', () => {
    expect(
      texts([
        entry('handed_to_person', { version: 'v', actor_user_id: 'usr_staff1' }),
        entry('assigned', { version: 'v', actor_user_id: 'usr_staff1', assigned_to: 'usr_staff2' }),
      ]),
    ).toEqual(['Sam Rivera took over from the assistant', 'Sam Rivera assigned it to Alex Kim']);
  });
});

describe('tag entries', () => {
  it('say who added or removed which tag', () => {
    const entry = (kind: string, id: string) => ({
      id,
      conversation_id: 'conv_1',
      kind,
      version: `tag:tag_aaaaaaaaaaaa@2026-11-26T10:00:0${id}.000Z`,
      at: `2026-11-26T10:00:0${id}.000Z`,
      actor_user_id: 'usr_staff1',
      tag: 'Wholesale',
    });
    const lines = historyLines(
      [entry('tagged', '1'), entry('untagged', '2')],
      [{ id: 'usr_staff1', name: 'Sam Rivera' }],
    );
    expect(lines.map((line) => line.text)).toEqual([
      'Sam Rivera tagged it “Wholesale”',
      'Sam Rivera removed the tag “Wholesale”',
    ]);
  });

  it('says who snoozed it and until when, who woke it, and why it woke by itself', () => {
    expect(
      texts([
        entry('snoozed', { actor_user_id: 'usr_staff1', until: null }),
        entry('snooze_ended', { reason: 'shopper' }),
        entry('snoozed', { actor_user_id: 'usr_staff2', until: '2026-11-27T09:00:00.000Z' }),
        entry('unsnoozed', { actor_user_id: 'usr_staff1' }),
        entry('snoozed', { actor_user_id: 'usr_staff1', until: '2026-11-27T09:00:00.000Z' }),
        entry('snooze_ended', { reason: 'time' }),
      ]),
    ).toEqual([
      'Sam Rivera snoozed it until the shopper writes',
      'The shopper replied; the snooze ended',
      expect.stringMatching(/^Alex Kim snoozed it until Nov 2[67], 2026, \d{1,2}:\d{2}\s[AP]M$/),
      'Sam Rivera woke it',
      expect.stringMatching(/^Sam Rivera snoozed it until Nov/),
      'The snooze ended',
    ]);
  });
});
