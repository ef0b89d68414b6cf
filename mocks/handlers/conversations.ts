import {
  CONVERSATION_READ_ONLY_FIELDS,
  conversationListQuerySchema,
  conversationUpdateSchema,
} from '../../src/schemas/conversation.ts';
import { refuse } from '../core/errors.ts';
import { paginateByRecency } from '../core/pagination.ts';
import { defineRoute } from '../core/pipeline.ts';
import { conversationIn, isRosterMember } from '../domain/conversations.ts';
import { conversationWire } from '../state/wire.ts';

export const conversationRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/v1/agent-conversations',
    family: 'sales_agent',
    scopes: ['read_sales_agent'],
    query: conversationListQuerySchema,
    handle: ({ store, query }) => {
      if (query.assigned_to !== undefined && !isRosterMember(store, query.assigned_to)) {
        throw refuse.invalidQuery(
          `${query.assigned_to} is not a member of this store's roster.`,
          'assigned_to',
        );
      }
      const matching = [...store.conversations.values()].filter(
        (conversation) =>
          (query.status === undefined || conversation.status === query.status) &&
          (query.handoff_state === undefined || conversation.handoff_state === query.handoff_state) &&
          (query.channel === undefined || conversation.channel === query.channel) &&
          (query.assigned_to === undefined || conversation.assigned_to === query.assigned_to),
      );
      return {
        status: 200,
        body: paginateByRecency(matching, {
          list: 'agent_conversations',
          wire: conversationWire,
          updatedAfter: query.updated_after,
          limit: query.limit,
          after: query.after,
        }),
      };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/v1/agent-conversations/:conversationId',
    family: 'sales_agent',
    scopes: ['read_sales_agent'],
    handle: ({ store, params }) => ({
      status: 200,
      body: { data: conversationWire(conversationIn(store, params.conversationId)) },
    }),
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/v1/agent-conversations/:conversationId',
    family: 'sales_agent',
    scopes: ['write_sales_agent'],
    body: conversationUpdateSchema,
    readOnlyFields: CONVERSATION_READ_ONLY_FIELDS,
    handle: ({ sim, store, params, body }) => {
      const conversation = conversationIn(store, params.conversationId);
      if (body.assigned_to !== null && !isRosterMember(store, body.assigned_to)) {
        throw refuse.invalidAssignee(body.assigned_to);
      }
      const changed =
        conversation.status !== body.status ||
        conversation.handoff_state !== body.handoff_state ||
        conversation.assigned_to !== body.assigned_to;
      if (changed) {
        Object.assign(conversation, body);
        conversation.updated_at = sim.clock.stamp();
      }
      return { status: 200, body: { data: conversationWire(conversation) } };
    },
  }),
];
