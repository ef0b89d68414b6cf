import { pageQuerySchema } from '../../src/schemas/conversation.ts';
import { MESSAGE_READ_ONLY_FIELDS, messageCreateSchema } from '../../src/schemas/message.ts';
import { refuse } from '../core/errors.ts';
import { epochMs, paginate } from '../core/pagination.ts';
import { defineRoute } from '../core/pipeline.ts';
import { conversationIn, isRosterMember } from '../domain/conversations.ts';
import { appendMessage, servedMessages } from '../domain/transcript.ts';
import { messageWire } from '../state/wire.ts';

const PATH = '/api/v1/agent-conversations/:conversationId/messages';

export const messageRoutes = [
  defineRoute({
    method: 'GET',
    path: PATH,
    family: 'sales_agent',
    scopes: ['read_sales_agent'],
    query: pageQuerySchema,
    handle: ({ store, params, query }) => {
      const conversation = conversationIn(store, params.conversationId);
      return {
        status: 200,
        body: paginate(servedMessages(store, conversation.id), {
          list: `agent_messages:${conversation.id}`,
          ordering: 'created_asc',
          sortKey: (message) => epochMs(message.created_at),
          id: (message) => message.id,
          wire: messageWire,
          limit: query.limit,
          after: query.after,
        }),
      };
    },
  }),
  defineRoute({
    method: 'POST',
    path: PATH,
    family: 'sales_agent',
    scopes: ['write_sales_agent'],
    body: messageCreateSchema,
    readOnlyFields: MESSAGE_READ_ONLY_FIELDS,
    handle: ({ sim, store, params, body }) => {
      const conversation = conversationIn(store, params.conversationId);
      const author = body.author_user_id ?? null;
      if (author !== null && !isRosterMember(store, author)) {
        throw refuse.unprocessableReference('user', 'author_user_id', author);
      }
      // A staff reply is stored as the store's (assistant) message and never flips handoff_state.
      const message = appendMessage(sim, store, conversation, {
        role: 'assistant',
        content: body.content,
        author_user_id: author,
      });
      return { status: 201, body: { data: messageWire(message) } };
    },
  }),
];
