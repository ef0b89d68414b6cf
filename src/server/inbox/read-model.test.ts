import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../schemas/conversation.ts';
import type { Message } from '../../schemas/message.ts';
import { derive, EMPTY_FOLD, foldMessage, previewOf, type TranscriptFold } from './read-model.ts';

const conversation = (patch: Partial<Conversation> = {}): Conversation => ({
  id: 'conv_1',
  assigned_to: null,
  channel: 'website',
  created_at: '2026-11-23T09:00:00.000Z',
  updated_at: '2026-11-23T09:00:00.000Z',
  currency: 'EUR',
  customer_id: null,
  display_name: 'Kari',
  email: 'kari@example.com',
  handoff_state: 'bot',
  status: 'active',
  ...patch,
});

let clock = 0;
const message = (role: Message['role'], content: string, author: string | null = null): Message => {
  clock += 1;
  return {
    id: `msg_${clock}`,
    conversation_id: 'conv_1',
    content,
    created_at: `2026-11-23T09:${String(clock).padStart(2, '0')}:00.000Z`,
    role,
    author_user_id: author,
    rating: null,
  };
};

describe('the read model fold', () => {
  it('follows shopper, bot, takeover, staff reply, shopper, close', () => {
    let fold: TranscriptFold = EMPTY_FOLD;
    const bot = conversation();
    const shopper1 = message('user', 'Where is my order?');
    fold = foldMessage(fold, shopper1);
    // With the bot: nobody waits for a person.
    expect(derive(bot, fold)).toMatchObject({
      last_message: { preview: 'Where is my order?', role: 'user', author_user_id: null },
      last_shopper_message_at: shopper1.created_at,
      waiting_since: null,
    });
    const botReply = message('assistant', 'It ships tomorrow.');
    fold = foldMessage(fold, botReply);
    expect(derive(bot, fold)).toMatchObject({ last_message: { role: 'assistant' }, waiting_since: null });

    // A person takes over: the bot's last answer is no answer from a person, the shopper waits.
    const human = conversation({ handoff_state: 'human', assigned_to: 'usr_staff1' });
    expect(derive(human, fold).waiting_since).toBe(shopper1.created_at);
    // Assigning to someone else changes nothing about the wait.
    expect(derive({ ...human, assigned_to: 'usr_staff2' }, fold).waiting_since).toBe(shopper1.created_at);

    const staffReply = message('assistant', 'Hi, Sam here.\n\nLet me check.', 'usr_staff1');
    fold = foldMessage(fold, staffReply);
    expect(derive(human, fold)).toMatchObject({
      last_message: { preview: 'Hi, Sam here. Let me check.', author_user_id: 'usr_staff1' },
      last_shopper_message_at: shopper1.created_at,
      waiting_since: null,
    });

    const shopper2 = message('user', 'Thanks, any news?');
    fold = foldMessage(fold, shopper2);
    const shopper3 = message('user', 'Hello?');
    fold = foldMessage(fold, shopper3);
    // The first unanswered shopper message counts, not the latest.
    expect(derive(human, fold)).toMatchObject({
      last_message: { preview: 'Hello?' },
      last_shopper_message_at: shopper3.created_at,
      waiting_since: shopper2.created_at,
    });

    expect(derive({ ...human, status: 'closed' }, fold).waiting_since).toBeNull();
  });

  it('waits from the message that asked for a person, past the hand-over notice', () => {
    const messages = [
      message('user', 'Do you have it in blue?'),
      message('assistant', 'Yes, in blue and red.'),
      message('user', 'I want to talk to a person'),
      message('assistant', 'A member of our team will be with you shortly.'),
      message('user', 'Still there?'),
    ];
    const fold = messages.reduce(foldMessage, EMPTY_FOLD);
    expect(derive(conversation({ handoff_state: 'human' }), fold).waiting_since).toBe(
      messages[2]!.created_at,
    );
  });

  it('cuts previews to one line of at most 140 characters', () => {
    expect(previewOf('  a\n\tb  ')).toBe('a b');
    const long = previewOf('x'.repeat(500));
    expect([...long]).toHaveLength(140);
    expect(long.endsWith('…')).toBe(true);
  });
});
