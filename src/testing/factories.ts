// Relative: the node tests of src/schemas use it too, without the @/ alias.
import type { Conversation } from '../schemas/conversation.ts';
import type { InboxResponse } from '../schemas/inbox.ts';

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

/** An inbox answer from a model that is ready and empty; tests override the fields they are about. */
export function buildInboxResponse(fields: Partial<InboxResponse> = {}): InboxResponse {
  return {
    data: [],
    page: { has_more: false, next_cursor: null },
    listed: true,
    ready: true,
    previews: { read: 0, of: 0 },
    handoffs: [],
    counts: { unassigned: 0, mine: 0, 'needs-person': 0, snoozed: 0, active: 0, closed: 0 },
    waiting_threshold_minutes: 5,
    ...fields,
  };
}
