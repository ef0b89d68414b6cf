import type { LiveEvent } from '../../schemas/live.ts';
import type { Logger } from '../log/logger.ts';
import type { SessionStore } from '../sessions/session-store.ts';
import type { EventLog } from './event-log.ts';

export interface MissedSinceDeps {
  sessions: SessionStore;
  logger: Logger;
  /** Brings replayed events up to date (a note's words as they are now); see LiveHubDeps. */
  freshenReplay?: (events: LiveEvent[]) => Promise<LiveEvent[]>;
}

/**
 * What a stream resuming from `lastEventId` missed, as its person may read it now; undefined (a resync)
 * when that is no longer held, reaches back before this session began, or cannot be brought up to date.
 */
export async function missedSince(
  deps: MissedSinceDeps,
  log: EventLog,
  token: string,
  lastEventId: string,
): Promise<LiveEvent[] | undefined> {
  const session = await deps.sessions.get(token, false);
  if (!session) return undefined;
  const missed = await log.readSince(lastEventId, session.createdAt);
  if (!missed || !deps.freshenReplay) return missed;
  try {
    return await deps.freshenReplay(missed);
  } catch (error) {
    deps.logger.warn({ err_message: (error as Error).message }, 'replay not freshened; resync sent');
    return undefined;
  }
}
