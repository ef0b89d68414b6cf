import { and, eq, gt, inArray, lte, or } from 'drizzle-orm';
import { z } from 'zod';
import {
  AWAY_HAND_BACK_CHOICES,
  AWAY_WITHOUT_DASHBOARD_MS,
  DEFAULT_ASSIGNMENT_SETTINGS,
  assignmentSettingsSchema,
  type AssignmentSettings,
  type AvailabilityStatus,
  type AwayHandBack,
} from '../../schemas/assignment.ts';
import { withDatabase, type Db } from '../db/database.ts';
import { availability, settings } from '../db/schema.ts';

const SETTINGS_KEY = 'assignment';
/** The settings as stored: the owner's choice, and since when (ms) it has been on. */
const storedSchema = z.looseObject({ settings: z.unknown(), enabled_since: z.nullable(z.number()) });

/** One person as the automatic assignment sees them. */
export interface Availability {
  userId: string;
  chosen: AvailabilityStatus;
  awayHandBack: AwayHandBack;
  /** Chose Available, had a dashboard open within AWAY_WITHOUT_DASHBOARD_MS, and is not inactive. */
  available: boolean;
  /** A dashboard of theirs had its live stream open within AWAY_WITHOUT_DASHBOARD_MS. */
  dashboardOpen: boolean;
  /** Away by the owner's auto-away: chose Available, a dashboard open, but no input on one for its period. */
  inactive: boolean;
  /** When they were last given a conversation automatically (ms), or 0. */
  lastAssignedMs: number;
}

/**
 * The team's availability and the owner's assignment settings, in the dashboard's database so every
 * replica reads the same. A person without a row has never chosen: they count as Available while a
 * dashboard of theirs is open.
 */
export class TeamAvailability {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  async settings(): Promise<AssignmentSettings> {
    return (await this.stored()).settings;
  }

  /** The owner's auto-away period in ms, or null when it is off. */
  private async idleAwayMs(): Promise<number | null> {
    const minutes = (await this.settings()).away_after_idle_minutes ?? null;
    return minutes === null ? null : minutes * 60_000;
  }

  /**
   * The owner's settings, and since when (ms) automatic assignment has been on (null when off): only
   * conversations that changed since then are assigned, so turning it on does not hand out the backlog.
   */
  async stored(): Promise<{ settings: AssignmentSettings; enabledSince: number | null }> {
    const [row] = await withDatabase(() =>
      this.db.select().from(settings).where(eq(settings.key, SETTINGS_KEY)),
    );
    const value = storedSchema.safeParse(row?.value);
    const parsed = assignmentSettingsSchema.safeParse(value.success ? value.data.settings : undefined);
    if (!value.success || !parsed.success)
      return { settings: DEFAULT_ASSIGNMENT_SETTINGS, enabledSince: null };
    return { settings: parsed.data, enabledSince: parsed.data.enabled ? value.data.enabled_since : null };
  }

  async updateSettings(next: AssignmentSettings): Promise<void> {
    const updatedAt = new Date(this.now());
    const before = await this.stored();
    const enabledSince = !next.enabled
      ? null
      : before.settings.enabled && before.enabledSince !== null
        ? before.enabledSince
        : this.now();
    const value = { settings: next, enabled_since: enabledSince };
    await withDatabase(() =>
      this.db
        .insert(settings)
        .values({ key: SETTINGS_KEY, value, updatedAt })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt } }),
    );
  }

  /**
   * The person's availability, and what going away does with their conversations when given. Choosing
   * is input: it ends an auto-away.
   */
  async choose(userId: string, status: AvailabilityStatus, awayHandBack?: AwayHandBack): Promise<void> {
    const now = new Date(this.now());
    const set = { status, activeAt: now, updatedAt: now, ...(awayHandBack ? { awayHandBack } : {}) };
    await withDatabase(() =>
      this.db
        .insert(availability)
        .values({ userId, ...set })
        .onConflictDoUpdate({ target: availability.userId, set }),
    );
  }

  /**
   * These people have a dashboard open now (the live hub says so while their streams are open). Returns
   * those of them who had none open before: their availability changes now. Opening a first dashboard
   * counts as input.
   */
  async seen(userIds: readonly string[]): Promise<string[]> {
    if (userIds.length === 0) return [];
    const now = new Date(this.now());
    const before = await this.of(userIds);
    const opened = before.filter((person) => !person.dashboardOpen).map((person) => person.userId);
    await withDatabase(() =>
      this.db
        .insert(availability)
        .values(userIds.map((userId) => ({ userId, seenAt: now, activeAt: now, updatedAt: now })))
        .onConflictDoUpdate({ target: availability.userId, set: { seenAt: now } }),
    );
    if (opened.length > 0)
      await withDatabase(() =>
        this.db.update(availability).set({ activeAt: now }).where(inArray(availability.userId, opened)),
      );
    return opened;
  }

  /**
   * Input on one of the person's dashboards (reported at most once a minute). Returns whether it ended
   * an auto-away: their availability changes now.
   */
  async active(userId: string): Promise<boolean> {
    const now = new Date(this.now());
    const [before] = await this.of([userId]);
    await withDatabase(() =>
      this.db
        .insert(availability)
        .values({ userId, activeAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: availability.userId, set: { activeAt: now } }),
    );
    return before!.inactive;
  }

  /**
   * The people whose last open dashboard went out of AWAY_WITHOUT_DASHBOARD_MS, or whose last input went
   * out of the owner's auto-away period, between `fromMs` and `toMs`: they count as away from then on.
   */
  async lapsedBetween(fromMs: number, toMs: number): Promise<string[]> {
    if (toMs <= fromMs) return [];
    const idleMs = await this.idleAwayMs();
    const lapsed = (column: typeof availability.seenAt, afterMs: number) =>
      and(gt(column, new Date(fromMs - afterMs)), lte(column, new Date(toMs - afterMs)));
    const rows = await withDatabase(() =>
      this.db
        .select({ userId: availability.userId })
        .from(availability)
        .where(
          or(
            lapsed(availability.seenAt, AWAY_WITHOUT_DASHBOARD_MS),
            idleMs === null
              ? undefined
              : and(eq(availability.status, 'available'), lapsed(availability.activeAt, idleMs)),
          ),
        ),
    );
    return rows.map((row) => row.userId);
  }

  async noteAssigned(userId: string): Promise<void> {
    const now = new Date(this.now());
    await withDatabase(() =>
      this.db
        .insert(availability)
        .values({ userId, lastAssignedAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: availability.userId, set: { lastAssignedAt: now } }),
    );
  }

  /** The availability of these people (store user ids), in the order given. */
  async of(userIds: readonly string[]): Promise<Availability[]> {
    if (userIds.length === 0) return [];
    const rows = await withDatabase(() =>
      this.db
        .select()
        .from(availability)
        .where(inArray(availability.userId, [...userIds])),
    );
    const byId = new Map(rows.map((row) => [row.userId, row]));
    const since = this.now() - AWAY_WITHOUT_DASHBOARD_MS;
    const idleMs = await this.idleAwayMs();
    const activeSince = idleMs === null ? null : this.now() - idleMs;
    return userIds.map((userId) => {
      const row = byId.get(userId);
      const chosen: AvailabilityStatus = row?.status === 'away' ? 'away' : 'available';
      const awayHandBack = AWAY_HAND_BACK_CHOICES.find((choice) => choice === row?.awayHandBack) ?? 'ask';
      const open = row?.seenAt !== null && row?.seenAt !== undefined && row.seenAt.getTime() > since;
      const inactive =
        activeSince !== null &&
        chosen === 'available' &&
        open &&
        (row?.activeAt?.getTime() ?? 0) <= activeSince;
      return {
        userId,
        chosen,
        awayHandBack,
        dashboardOpen: open,
        inactive,
        available: chosen === 'available' && open && !inactive,
        lastAssignedMs: row?.lastAssignedAt?.getTime() ?? 0,
      };
    });
  }
}
