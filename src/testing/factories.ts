// Relative: the node tests of src/schemas use it too, without the @/ alias.
import type { Conversation } from '../schemas/conversation.ts';

/**
 * A conversation in wire shape: an active website chat with the bot, unassigned. Tests override
 * only the fields they are about.
 */
export function buildConversation(fields: Partial<Conversation> = {}): Conversation {
  return {
    id: 'conv_1',
    assigned_to: null,
    channel: 'website',
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
    currency: 'EUR',
    customer_id: null,
    display_name: 'Ana',
    email: null,
    handoff_state: 'bot',
    status: 'active',
    ...fields,
  };
}
