import { definePart } from '../part/part.ts';
import { linkRoutes, type LinkRoutesDeps } from './link-routes.ts';
import { teamRoutes, type TeamRoutesDeps } from './team-routes.ts';

/** The people, their sign-in and the owner's settings of them, and the links that let them set a password. */
export type TeamNeeds = Omit<LinkRoutesDeps, 'access'> & Pick<TeamRoutesDeps, 'publicOrigin' | 'mailLink'>;

/** The team (people, roles, invitations, reset links) and the links' own routes. */
export const teamPart = definePart({
  name: 'team',
  install(ctx, needs: TeamNeeds) {
    const { publicOrigin, mailLink, ...links } = needs;
    const { people, refresh } = needs;
    ctx.mount(
      teamRoutes({ people, refresh, publicOrigin, ...(mailLink ? { mailLink } : {}), access: ctx.access }),
    );
    ctx.mount(linkRoutes({ ...links, access: ctx.access }));
  },
});
