import { z } from 'zod/mini';
import { atMostCharacters } from './characters.ts';

/**
 * The integrations the dashboard remembers (`GET /bff/integrations`, `PATCH /bff/integrations/{kind}/{id}`):
 * the store's webhook endpoints and notification templates someone looked up or acted on here. The
 * Commerce API has no list of either, so this is the only list there is.
 */
export const INTEGRATION_KINDS = ['webhook_endpoint', 'notification_template'] as const;
export type IntegrationKind = (typeof INTEGRATION_KINDS)[number];

export const INTEGRATION_STATUSES = [
  'active',
  'inactive',
  'auto_disabled',
  'not_found',
  'removed',
  'removal_refused',
] as const;
export type IntegrationStatus = (typeof INTEGRATION_STATUSES)[number];

export const INTEGRATION_LABEL_MAX = 80;
export const INTEGRATION_NOTE_MAX = 500;
/** Longest search text, in characters. */
export const INTEGRATION_SEARCH_MAX = 200;

export const integrationSchema = z.looseObject({
  kind: z.enum(INTEGRATION_KINDS),
  id: z.string(),
  /** An endpoint's URL (null for a template: the API never shows one). */
  url: z.nullable(z.string()),
  events: z.array(z.string()),
  status: z.enum(INTEGRATION_STATUSES),
  last_looked_up_at: z.string(),
  added_by_name: z.string(),
  added_at: z.string(),
  label: z.string(),
  note: z.string(),
  removed_at: z.nullable(z.string()),
  removed_by_name: z.nullable(z.string()),
});
export type Integration = z.infer<typeof integrationSchema>;

/** The entries still in the store (as far as the dashboard knows), and the history of those removed. */
export const integrationsAnswerSchema = z.looseObject({
  data: z.looseObject({
    entries: z.array(integrationSchema),
    removed: z.array(integrationSchema),
  }),
});
export type IntegrationsAnswer = z.infer<typeof integrationsAnswerSchema>['data'];

/** POST /bff/integrations/refresh: how many endpoints the store feed is to read again. */
export const integrationRefreshAnswerSchema = z.looseObject({
  data: z.looseObject({ refreshing: z.int() }),
});

export const integrationLabelSchema = z.strictObject({
  label: z.string().check(z.superRefine(atMostCharacters(INTEGRATION_LABEL_MAX))),
  note: z.string().check(z.superRefine(atMostCharacters(INTEGRATION_NOTE_MAX))),
});
export type IntegrationLabel = z.infer<typeof integrationLabelSchema>;
