import { z } from 'zod';
import { atMostCharacters } from './characters.ts';
import { idSchema, rfc3339Schema, timestampSchema } from './common.ts';
import { limitParam } from './conversation.ts';
import { KNOWLEDGE_TEXT_MAX, KNOWLEDGE_TITLE_MAX } from './limits.ts';

export const KNOWLEDGE_KINDS = ['faq', 'doc'] as const;
export const knowledgeKindSchema = z.enum(KNOWLEDGE_KINDS);
export type KnowledgeKind = z.infer<typeof knowledgeKindSchema>;

export const knowledgeSourceSchema = z.looseObject({
  id: idSchema,
  kind: knowledgeKindSchema,
  title: z.string(),
  /** Embedded pieces the ingest produced; 0 means nothing usable was found. */
  chunk_count: z.number().int().min(0),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type KnowledgeSource = z.infer<typeof knowledgeSourceSchema>;

/** POST /api/v1/agent-knowledge-sources body. The text is ingested, never stored. */
export const knowledgeSourceCreateSchema = z.strictObject({
  kind: knowledgeKindSchema,
  title: z.string().superRefine(atMostCharacters(KNOWLEDGE_TITLE_MAX)),
  text: z.string().superRefine(atMostCharacters(KNOWLEDGE_TEXT_MAX)),
});
export type KnowledgeSourceCreate = z.infer<typeof knowledgeSourceCreateSchema>;

export const knowledgeSourceListQuerySchema = z.strictObject({
  kind: knowledgeKindSchema.optional(),
  updated_after: rfc3339Schema.optional(),
  limit: limitParam.optional(),
  after: z.string().min(1).optional(),
});
export type KnowledgeSourceListQuery = z.input<typeof knowledgeSourceListQuerySchema>;
