import { createContext, use } from 'react';
import type { Role, SessionInfo } from '@/schemas/bff';

/**
 * The signed-in user and the store roster, provided by the app's session guard to everything it
 * renders. Features read it here (features never import each other, so not from the auth feature).
 */
export const SessionContext = createContext<SessionInfo | null>(null);

/** The current session; only valid inside the guarded part of the app. */
export function useCurrentSession(): SessionInfo {
  const session = use(SessionContext);
  if (!session) throw new Error('useCurrentSession is used outside the signed-in part of the app.');
  return session;
}

/** Owners may do everything; staff read everything and write only conversations and messages. */
export function canManageStore(role: Role): boolean {
  return role === 'owner';
}
