import { describe, expect, it } from 'vitest';
import type { ConversationSnooze } from '../../schemas/conversation-snooze.ts';
import { inView } from '../../schemas/inbox-rules.ts';
import { buildConversation } from '../../testing/factories.ts';
import { marksOf } from '../inbox/inbox-query.ts';
import { openCountsByPerson } from './open-counts.ts';

const SAM = 'usr_staff1';
const asleep: ConversationSnooze = {
  until: null,
  snoozed_by: SAM,
  snoozed_at: '2026-11-20T11:00:00.000Z',
  woke: null,
};

describe("a person's open conversations", () => {
  it('are counted alike by "Mine" and by the Away question (and the per-person limit)', () => {
    const records = [
      buildConversation({ id: 'waiting', handoff_state: 'human', assigned_to: SAM }),
      buildConversation({ id: 'with-the-assistant', handoff_state: 'bot', assigned_to: SAM }),
      buildConversation({ id: 'back-with-the-assistant', handoff_state: 'bot', assigned_to: SAM }),
      buildConversation({ id: 'snoozed', handoff_state: 'human', assigned_to: SAM }),
      buildConversation({ id: 'closed', status: 'closed', handoff_state: 'human', assigned_to: SAM }),
      buildConversation({ id: 'someone-elses', handoff_state: 'human', assigned_to: 'usr_staff2' }),
    ].map((conversation) => ({ conversation }));
    const snoozes = new Map([['snoozed', asleep]]);

    const mine = records.filter(({ conversation }) =>
      inView('mine', conversation, SAM, marksOf({ tags: undefined, snoozes }, conversation.id)),
    ).length;
    const open = openCountsByPerson(records, snoozes);

    expect(mine).toBe(3);
    expect(open.get(SAM)).toBe(mine);
    expect(open.get('usr_staff2')).toBe(1);
  });
});
