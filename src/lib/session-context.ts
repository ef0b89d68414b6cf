import { createContext, use, useMemo } from 'react';
import type { Role, RosterMember, SessionInfo } from '@/schemas/bff';

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

/**
 * Everyone whose name may stand on a message, a note or a history line: the roster and the people
 * removed since (for display only: assignment and mentions offer the roster alone).
 */
export function useAuthorNames(): readonly RosterMember[] {
  const { roster, former } = useCurrentSession();
  return useMemo(() => [...roster, ...(former ?? [])], [roster, former]);
}

/** Owners may do everything; staff read everything and write only conversations and messages. */
export function canManageStore(role: Role): boolean {
  return role === 'owner';
}
