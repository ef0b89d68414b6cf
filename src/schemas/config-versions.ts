import { z } from 'zod/mini';
import { agentConfigSchema } from './agent-config.ts';
import { idSchema, timestampSchema } from './common.ts';
import { pageInfoSchema } from './page.ts';

/**
 * The versions of the assistant's settings the dashboard keeps (`GET /bff/config-versions`), shared by the
 * BFF and the SPA. `source` says where a version came from: `dashboard` (saved here, by `actor_name`) or
 * `outside` (read from the store and not saved through the dashboard: another tool, or before the
 * dashboard kept versions). The set is open: a client shows a source it does not know in general words.
 */
export const CONFIG_VERSION_SOURCES = ['dashboard', 'outside'] as const;
export type ConfigVersionSource = (typeof CONFIG_VERSION_SOURCES)[number];

/** The settings of a version: the config as the store answered it, without its `updated_at`. */
export const keptConfigSchema = z.omit(agentConfigSchema, { updated_at: true });
export type KeptConfig = z.infer<typeof keptConfigSchema>;

export const configVersionSchema = z.looseObject({
  id: idSchema,
  /** The config's `updated_at` for this version. */
  version: timestampSchema,
  source: z.string(),
  actor_user_id: z.nullable(z.string()),
  actor_name: z.nullable(z.string()),
  /** When the dashboard first kept it. */
  kept_at: timestampSchema,
  config: keptConfigSchema,
});
export type ConfigVersion = z.infer<typeof configVersionSchema>;

/** Versions per page of the history, at most (newest first). */
export const CONFIG_VERSIONS_PAGE_MAX = 100;

/** A version's id: a positive integer, as the BFF issues them (also the cursor of a page). */
export const configVersionIdSchema = z.string().check(z.regex(/^[1-9][0-9]{0,17}$/));

/** The history's query: `limit` (1 to 100, default 50) and `after` (a page's `next_cursor`). */
export const configVersionsQuerySchema = z.strictObject({
  limit: z.optional(
    z.string().check(
      z.regex(/^[1-9][0-9]{0,2}$/),
      z.refine((value) => Number(value) <= CONFIG_VERSIONS_PAGE_MAX),
    ),
  ),
  after: z.optional(configVersionIdSchema),
});

export const configVersionListSchema = z.looseObject({
  data: z.array(configVersionSchema),
  page: pageInfoSchema,
});

export const configVersionAnswerSchema = z.looseObject({ data: configVersionSchema });
