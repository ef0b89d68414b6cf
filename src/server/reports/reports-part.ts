import { definePart } from '../part/part.ts';
import { ReportFigures } from './report-figures.ts';
import { reportRoutes, type ReportRoutesDeps } from './report-routes.ts';

export type ReportsNeeds = Pick<ReportRoutesDeps, 'coverage' | 'timeZone'>;

/** The owners' reports, computed in SQL from the database's copy. Its face: the figures (the inbox lists
 * the conversations behind one). */
export const reportsPart = definePart({
  name: 'reports',
  install(ctx, needs: ReportsNeeds) {
    const figures = ctx.store((db) => new ReportFigures(db));
    ctx.mount(reportRoutes({ figures, ...needs, now: ctx.now, access: ctx.access }));
    return { figures };
  },
});
