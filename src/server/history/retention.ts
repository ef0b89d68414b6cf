import { eq } from 'drizzle-orm';
import {
  RETENTION_DAYS_DEFAULT,
  retentionSettingsSchema,
  type RetentionSettings,
} from '../../schemas/data-settings.ts';
import type { Logger } from '../log/logger.ts';
import { withDatabase, type Db } from '../db/database.ts';
import { settings } from '../db/schema.ts';
import { removeOlderThan } from './shopper-data.ts';

const RETENTION_KEY = 'retention';
const DAY_MS = 86_400_000;

/**
 * How long the dashboard keeps what it copied and recorded (messages, conversation copies, history, the
 * audit trail): the owner's setting, 180 days unless changed. Older rows are removed by `apply`, which the
 * runtime calls at start and every hour; removing is idempotent, so replicas may all run it.
 */
export class Retention {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  async settings(): Promise<RetentionSettings> {
    const [row] = await withDatabase(() =>
      this.db.select().from(settings).where(eq(settings.key, RETENTION_KEY)),
    );
    const parsed = retentionSettingsSchema.safeParse(row?.value);
    return parsed.success ? parsed.data : { retention_days: RETENTION_DAYS_DEFAULT };
  }

  async update(value: RetentionSettings): Promise<void> {
    const updatedAt = new Date(this.now());
    await withDatabase(() =>
      this.db
        .insert(settings)
        .values({ key: RETENTION_KEY, value, updatedAt })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt } }),
    );
  }

  /** Removes what is older than the retention; returns how many rows of each kind went. */
  async apply(): Promise<Record<string, number>> {
    const { retention_days } = await this.settings();
    const cutoff = new Date(this.now() - retention_days * DAY_MS);
    return withDatabase(() => removeOlderThan(this.db, cutoff));
  }
}

const APPLY_EVERY_MS = 3_600_000;

/** Applies the retention now and every hour; returns the function that stops it. */
export function keepWithinRetention(retention: () => Promise<Retention>, logger: Logger): () => void {
  const run = () =>
    retention()
      .then((r) => r.apply())
      .then((removed) => {
        if (Object.values(removed).some((count) => count > 0))
          logger.info({ event: 'database.retention', removed }, 'removed data older than the retention');
      })
      .catch((error: unknown) =>
        logger.warn({ err_message: (error as Error).message }, 'applying the retention failed'),
      );
  void run();
  const timer = setInterval(() => void run(), APPLY_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
