import type { Context } from 'hono';
import { assignmentPart } from '../assignment/assignment-part.ts';
import type { KnownGroups } from '../auth/known-groups.ts';
import type { LoginThrottle } from '../auth/login-throttle.ts';
import type { WorkLimiter } from '../auth/work-limiter.ts';
import { DatabaseUnavailableError } from '../db/database.ts';
import type { AppEnv } from '../http/app-env.ts';
import { historyPart } from '../history/history-part.ts';
import { inboxPart } from '../inbox/inbox-part.ts';
import { integrationsPart } from '../integrations/integrations-part.ts';
import { keptCopiesPart } from '../kept-copies/kept-copies-part.ts';
import { livePart } from '../live/live-part.ts';
import { notesPart } from '../notes/notes-part.ts';
import type { ConversationLocks } from '../proxy/conversation-locks.ts';
import { reportsPart } from '../reports/reports-part.ts';
import { savedRepliesPart } from '../saved-replies/saved-replies-part.ts';
import { snoozePart } from '../snooze/snooze-part.ts';
import { tagsPart } from '../tags/tags-part.ts';
import type { SendLinkMail } from '../team/link-mail.ts';
import { teamPart } from '../team/team-part.ts';
import type { PeopleDirectory } from '../users/people-directory.ts';
import type { ScryptParams } from '../users/password.ts';
import { partInstaller, type PartRoot } from './part-context.ts';
import { signInPart } from './sign-in-part.ts';
import { storeReading, type StoreReadingDeps } from './store-reading.ts';

/** What the parts are installed from: the root's context, the store's reading, sign-in's settings. */
export interface PartsRoot extends PartRoot, Omit<StoreReadingDeps, 'parts' | 'hasDatabase'> {
  conversationLocks: ConversationLocks;
  peopleDirectory: PeopleDirectory | undefined;
  publicOrigin: string;
  mailLink?: SendLinkMail;
  passwords: {
    throttle: LoginThrottle;
    hashLimiter: WorkLimiter;
    secret: string;
    clientAddress: (c: Context<AppEnv>) => string;
    sessionAbsoluteMs: number;
    passwordParams: ScryptParams;
  };
  knownGroups: KnownGroups;
}

/**
 * Every part of the BFF, one line each, in the order their routes are mounted; what one part needs of
 * another is handed here from the other's face (no part's folder imports another's). The store's
 * reading (the inbox's service, the feed, the live hub) is built once the parts it reads are installed;
 * the parts that answer from it reach it when a request comes.
 */
export function installParts(root: PartsRoot) {
  const { install, routes } = partInstaller(root);
  const { state, upstream, keys } = root;
  const inbox = () => reading.inbox;

  const history = install(historyPart, {});
  const keptCopies = install(keptCopiesPart, {});
  const integrations = install(integrationsPart, { upstream, keys, timing: state.timing });
  const notes = install(notesPart, {
    history: history.history,
    conversationExists: (id, charge) => inbox().conversationExists(id, charge),
  });
  const tags = install(tagsPart, {
    publishHistory: history.publishHistory,
    knownConversation: (id) => inbox().mayWatch(id),
  });
  const snooze = install(snoozePart, {
    publishHistory: history.publishHistory,
    lookUp: (id, charge) => inbox().lookUp(id, charge),
    wakeFacts: async (id) => {
      const record = await state.readModel.get(id);
      return (
        record && {
          assignedTo: record.conversation.assigned_to,
          displayName: record.conversation.display_name,
        }
      );
    },
  });
  install(savedRepliesPart, {});
  const assignment = install(assignmentPart, {
    upstream,
    keys,
    readModel: state.readModel,
    locks: root.conversationLocks,
    directory: root.directory,
    history: history.history,
    reserveShare: state.timing.reserveShare,
    ...(root.recorded ? { snoozes: async () => (await snooze.snoozes()).byConversation() } : {}),
    conversationWritten: state.conversationWritten,
  });
  const reports = install(reportsPart, {
    coverage: () => inbox().coverage(),
    timeZone: root.storeTimeZone,
  });
  const records = { history: history.history, ...keptCopies, integrations: integrations.integrations };
  const reading = storeReading({
    ...root,
    hasDatabase: root.recorded,
    parts: {
      records,
      notes: notes.notes,
      tags: tags.tags,
      snoozes: snooze.snoozes,
      figures: reports.figures,
      assigner: assignment.assigner,
      integrationRefresh: integrations.refresh,
      announceLapses: assignment.announceLapses,
      dashboardsOpen: assignment.dashboardsOpen,
      freshenReplay: notes.freshenReplay,
    },
  });
  install(livePart, { hub: reading.hub });
  install(inboxPart, { inbox: reading.inbox, ...(root.recorded ? { opened: snooze.opened } : {}) });
  const people = () =>
    root.peopleDirectory?.people() ??
    Promise.reject(new DatabaseUnavailableError(new Error('the people are not kept in the database')));
  const refresh = async () => root.peopleDirectory?.refresh();
  const { passwordParams, ...passwordWork } = root.passwords;
  // A session destroyed here (sign-out, a new sign-in replacing it) ends its live streams.
  const passwords = { ...passwordWork, onSessionEnd: (token: string) => reading.hub.endSession(token) };
  install(teamPart, {
    people,
    refresh,
    ...passwords,
    passwordParams,
    publicOrigin: root.publicOrigin,
    ...(root.mailLink ? { mailLink: root.mailLink } : {}),
  });
  install(signInPart, { ...passwords, passwordParams, refresh, knownGroups: root.knownGroups });

  return { ...reading, routes, records, assigner: assignment.assigner, snoozeWaker: snooze.waker };
}
