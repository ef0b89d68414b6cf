import { useState } from 'react';
import { rosterName } from '@/lib/conversation-labels';
import { formatDuration } from '@/lib/format';
import type { RosterMember } from '@/schemas/bff';
import type { PresenceViewer } from '@/schemas/live';
import type { Message } from '@/schemas/message';

/**
 * Two people answering one shopper at once: before a reply leaves, the composer asks when a teammate is
 * writing in the same conversation right now, or when a teammate's reply arrived after this draft was
 * begun (the person may be answering a question that was already answered).
 */
export type CollisionWarning = {
  /** Teammates whose reply box holds text now (from presence). */
  replying: string[];
  /** The newest teammate reply that arrived after the draft was begun. */
  replied: { name: string; content: string; createdAt: string } | null;
};

/** A reply by a person of the store other than `selfUserId` (the bot's answers carry no author). */
function isTeammateReply(message: Message, selfUserId: string): boolean {
  return (
    message.role === 'assistant' && message.author_user_id !== null && message.author_user_id !== selfUserId
  );
}

/**
 * What to warn about before sending, or null to send at once. `seenIds`: the messages the transcript
 * held when the draft was begun (or when the person last chose to keep editing); null while unknown,
 * which only checks who is replying.
 */
export function findCollision({
  others,
  messages,
  seenIds,
  selfUserId,
  roster,
}: {
  others: readonly PresenceViewer[];
  messages: readonly Message[];
  seenIds: ReadonlySet<string> | null;
  selfUserId: string;
  roster: readonly RosterMember[];
}): CollisionWarning | null {
  const replying = others
    .filter((viewer) => viewer.user_id !== selfUserId && viewer.state === 'replying')
    .map((viewer) => viewer.name);
  let replied: CollisionWarning['replied'] = null;
  if (seenIds !== null) {
    const fresh = messages.filter(
      (message) => !seenIds.has(message.id) && isTeammateReply(message, selfUserId),
    );
    const newest = fresh.reduce<Message | null>(
      (latest, message) =>
        latest === null || Date.parse(message.created_at) >= Date.parse(latest.created_at) ? message : latest,
      null,
    );
    if (newest !== null) {
      replied = {
        name: rosterName(newest.author_user_id!, roster),
        content: newest.content,
        createdAt: newest.created_at,
      };
    }
  }
  return replying.length === 0 && replied === null ? null : { replying, replied };
}

function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
}

/** "Alex Kim replied 20 seconds ago: send anyway?", "Alex Kim is replying right now: send anyway?" */
export function collisionQuestion(warning: CollisionWarning, now: number = Date.now()): string {
  if (warning.replied !== null) {
    // The server's clock stamped the reply; a browser clock a little behind must not say "in 2 seconds".
    const seconds = Math.max(0, (now - Date.parse(warning.replied.createdAt)) / 1000);
    return `${warning.replied.name} replied ${formatDuration(seconds)} ago: send anyway?`;
  }
  const verb = warning.replying.length === 1 ? 'is' : 'are';
  return `${joinNames(warning.replying)} ${verb} replying right now: send anyway?`;
}

/** The second reason, when both hold ("Alex Kim is also writing a reply."), else null. */
export function collisionAlso(warning: CollisionWarning): string | null {
  if (warning.replied === null || warning.replying.length === 0) return null;
  const verb = warning.replying.length === 1 ? 'is' : 'are';
  return `${joinNames(warning.replying)} ${verb} also writing a reply right now.`;
}

/**
 * The messages seen when the current draft was begun: taken when the draft stops being empty (or, for a
 * draft restored from storage, when the transcript has loaded: the person sees it all on opening), dropped
 * when the draft is emptied. `acknowledge` moves it to now (the person read the warning and kept editing).
 */
export function useDraftBaseline({
  hasDraft,
  messages,
  isComplete,
}: {
  hasDraft: boolean;
  messages: readonly Message[];
  isComplete: boolean;
}): { seenIds: ReadonlySet<string> | null; acknowledge: () => void } {
  const [seenIds, setSeenIds] = useState<ReadonlySet<string> | null>(null);
  const snapshot = () => new Set(messages.map((message) => message.id));
  // Adjusted while rendering (React's "state from props" pattern): the baseline must be in place before
  // a Send in the same frame reads it.
  if (!hasDraft && seenIds !== null) setSeenIds(null);
  else if (hasDraft && seenIds === null && isComplete) setSeenIds(snapshot());
  return { seenIds, acknowledge: () => setSeenIds(snapshot()) };
}
