import { secondFactorRoutes, type SecondFactorRoutesDeps } from '../auth/second-factor-routes.ts';
import { sessionRoutes, type SessionRoutesDeps } from '../auth/session-routes.ts';
import { definePart } from '../part/part.ts';
import { SecondFactors } from '../users/second-factor.ts';

export type SignInNeeds = Omit<SessionRoutesDeps, 'access' | 'now'> & Pick<SecondFactorRoutesDeps, 'refresh'>;

/**
 * Signing in and out, a person's sessions and their second factor. Declared here rather than in auth/,
 * which sits below the part interface (the route recipe's session checks come from it). Installed last:
 * its routes end with the 404 of every /bff path no part answers.
 */
export const signInPart = definePart({
  name: 'sign_in',
  install(ctx, needs: SignInNeeds) {
    const { knownGroups, passwordParams, refresh, ...passwords } = needs;
    ctx.mount(
      secondFactorRoutes({
        ...passwords,
        refresh,
        secondFactors: ctx.store((db) => new SecondFactors(db, ctx.now)),
        now: ctx.now,
        access: ctx.access,
      }),
    );
    ctx.mount(sessionRoutes({ ...passwords, knownGroups, passwordParams, now: ctx.now, access: ctx.access }));
  },
});
