import { z } from 'zod/mini';

/** Refusal of the dashboard's own data routes while its database cannot be reached (503). */
export const DATABASE_UNAVAILABLE = 'database_unavailable';

/** How long the dashboard keeps message copies and history (owner's setting, in days). */
export const RETENTION_DAYS_DEFAULT = 180;
export const RETENTION_DAYS_MIN = 1;
export const RETENTION_DAYS_MAX = 3650;
export const retentionSettingsSchema = z.strictObject({
  retention_days: z.int().check(z.minimum(RETENTION_DAYS_MIN), z.maximum(RETENTION_DAYS_MAX)),
});
export type RetentionSettings = z.infer<typeof retentionSettingsSchema>;

/** GET and PUT /bff/data-settings answer the settings as stored (read leniently: fields may be added). */
export const dataSettingsAnswerSchema = z.looseObject({
  data: z.looseObject({ retention_days: z.int() }),
});
