import { z } from 'zod/mini';
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
  chunk_count: z.int().check(z.minimum(0)),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type KnowledgeSource = z.infer<typeof knowledgeSourceSchema>;

/** POST /api/v1/agent-knowledge-sources body. The text is ingested, never stored. */
export const knowledgeSourceCreateSchema = z.strictObject({
  kind: knowledgeKindSchema,
  title: z.string().check(z.superRefine(atMostCharacters(KNOWLEDGE_TITLE_MAX))),
  text: z.string().check(z.superRefine(atMostCharacters(KNOWLEDGE_TEXT_MAX))),
});
export type KnowledgeSourceCreate = z.infer<typeof knowledgeSourceCreateSchema>;

export const knowledgeSourceListQuerySchema = z.strictObject({
  kind: z.optional(knowledgeKindSchema),
  updated_after: z.optional(rfc3339Schema),
  limit: z.optional(limitParam),
  after: z.optional(z.string().check(z.minLength(1))),
});
export type KnowledgeSourceListQuery = z.input<typeof knowledgeSourceListQuerySchema>;
