import type { RouteGuards, SessionRequirement } from '../http/route.ts';
import type { SessionStore } from '../sessions/session-store.ts';
import type { UserDirectory } from '../users/directory.ts';
import { requireSession } from './require-session.ts';

/**
 * What every part's routes are handed, as one object: the session checks the route recipe
 * (http/route.ts) applies, and the sessions, people and cookie setting some handlers use themselves.
 */
export interface RouteAccess extends RouteGuards {
  sessions: SessionStore;
  directory: UserDirectory;
  secure: boolean;
}

export function routeAccess(deps: Omit<RouteAccess, 'session'>): RouteAccess {
  const { sessions, directory, secure } = deps;
  const checks = {
    'signed in': requireSession({ sessions, directory, secure }),
    background: requireSession({ sessions, directory, secure, background: true }),
    'second-factor setup': requireSession({ sessions, directory, secure, duringSecondFactorSetup: true }),
  } satisfies Record<Exclude<SessionRequirement, 'none'>, unknown>;
  return { ...deps, session: (requirement) => checks[requirement] };
}
