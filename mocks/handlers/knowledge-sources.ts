import {
  knowledgeSourceCreateSchema,
  knowledgeSourceListQuerySchema,
} from '../../src/schemas/knowledge-source.ts';
import { refuse } from '../core/errors.ts';
import { paginateByRecency } from '../core/pagination.ts';
import { defineRoute } from '../core/pipeline.ts';
import { countChunks } from '../domain/chunking.ts';
import type { KnowledgeSourceRecord } from '../state/types.ts';
import { knowledgeSourceWire } from '../state/wire.ts';

const PATH = '/api/v1/agent-knowledge-sources';

export const knowledgeSourceRoutes = [
  defineRoute({
    method: 'GET',
    path: PATH,
    family: 'sales_agent',
    scopes: ['read_sales_agent'],
    query: knowledgeSourceListQuerySchema,
    handle: ({ store, query }) => {
      const matching = [...store.knowledgeSources.values()].filter(
        (source) => query.kind === undefined || source.kind === query.kind,
      );
      return {
        status: 200,
        body: paginateByRecency(matching, {
          list: 'agent_knowledge_sources',
          wire: knowledgeSourceWire,
          updatedAfter: query.updated_after,
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
    body: knowledgeSourceCreateSchema,
    handle: ({ sim, store, body }) => {
      if (!store.aiEnabled) throw refuse.agentDisabled();
      // The embed runs before the row exists, so the 201 carries the final chunk_count; the text is dropped.
      const now = sim.clock.stamp();
      const source: KnowledgeSourceRecord = {
        id: sim.state.random.id('ks'),
        kind: body.kind,
        title: body.title,
        chunk_count: countChunks(body.kind, body.text),
        created_at: now,
        updated_at: now,
      };
      store.knowledgeSources.set(source.id, source);
      return { status: 201, body: { data: knowledgeSourceWire(source) } };
    },
  }),
];
