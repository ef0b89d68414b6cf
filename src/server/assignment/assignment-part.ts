import { definePart } from '../part/part.ts';
import { assignmentRoutes } from './assignment-routes.ts';
import { AutoAssigner, type AutoAssignerDeps } from './auto-assigner.ts';
import { TeamAvailability } from './team-availability.ts';

/** What the automatic assignment reads and writes with: the store, the inbox's model, history, snoozes. */
export type AssignmentNeeds = Omit<AutoAssignerDeps, 'team' | 'logger' | 'now'>;

/**
 * The team's availability and the automatic assignment, each change of someone's availability told
 * with its own `availability` event. Its face: the assigner (run after the feed's steps, and after a
 * reply relayed), the team's lapses (looked at after each step) and what a dashboard opening does.
 */
export const assignmentPart = definePart({
  name: 'assignment',
  install(ctx, needs: AssignmentNeeds) {
    const team = ctx.store((db) => new TeamAvailability(db, ctx.now));
    /** Every dashboard re-reads the team's availability when someone's changes. */
    const announce = async (userIds: string[]) => {
      if (userIds.length > 0) await ctx.publish('availability', { user_ids: userIds });
    };
    const assigner = new AutoAssigner({ ...needs, team, logger: ctx.logger, now: ctx.now });
    ctx.mount(assignmentRoutes({ team, assigner, announce, access: ctx.access }));
    // The reading replica tells when someone's last dashboard has been closed for long enough to count
    // as away; it looks at what lapsed since it last looked (from its first step on).
    let lapsesCheckedTo: number | undefined;
    return {
      assigner,
      announceLapses: async () => {
        const to = ctx.now();
        const from = lapsesCheckedTo ?? to;
        lapsesCheckedTo = to;
        await announce(await (await team()).lapsedBetween(from, to));
      },
      /** These people have a dashboard open: they count as present again. */
      dashboardsOpen: async (userIds: string[]) => announce(await (await team()).seen(userIds)),
    };
  },
});
