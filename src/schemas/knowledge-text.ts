import { z } from 'zod/mini';
import { idSchema, timestampSchema } from './common.ts';
import { knowledgeKindSchema } from './knowledge-source.ts';

/**
 * The text the dashboard submitted for a knowledge source (`GET /bff/knowledge-texts/{id}`): the API
 * ingests a source's text and keeps no copy, so the dashboard keeps it, with who added it.
 */
export const knowledgeTextSchema = z.looseObject({
  source_id: idSchema,
  kind: knowledgeKindSchema,
  title: z.string(),
  text: z.string(),
  actor_user_id: z.string(),
  actor_name: z.string(),
  created_at: timestampSchema,
});
export type KnowledgeText = z.infer<typeof knowledgeTextSchema>;

export const knowledgeTextAnswerSchema = z.looseObject({ data: knowledgeTextSchema });

/** The refusal for a source whose text the dashboard has no copy of (added elsewhere, or before). */
export const KNOWLEDGE_TEXT_NOT_KEPT = 'knowledge_text_not_kept';
