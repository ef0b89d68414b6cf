import { hasErrorCode } from '@/lib/api-error';
import { assigneeName, shopperName } from '@/lib/conversation-labels';
import { describeApiError } from '@/lib/describe-error';
import type { RosterMember } from '@/schemas/bff';
import type { Conversation } from '@/schemas/conversation';
import type { ConversationAction, PendingAction } from './conversation-action';

// What a person reads once a conversation action is stored, or when it failed.

function withShopper(conversation: Conversation): string {
  return `the conversation with ${shopperName(conversation)}`;
}

/** What the person sees once the action is stored. */
export function successMessage(
  { conversation, action }: Pick<PendingAction, 'conversation' | 'action'>,
  roster: readonly RosterMember[],
  myUserId: string,
): string {
  switch (action.kind) {
    case 'take-over':
      return `You took over ${withShopper(conversation)}. The assistant stays quiet until it is handed back.`;
    case 'hand-back':
      return `The assistant answers ${shopperName(conversation)} again.`;
    case 'assign':
      if (action.assignee === null) return `Nobody is assigned to ${withShopper(conversation)} now.`;
      if (action.assignee === myUserId) return `${capitalize(withShopper(conversation))} is assigned to you.`;
      return `${capitalize(withShopper(conversation))} is assigned to ${assigneeName(action.assignee, roster)}.`;
    case 'close':
      return `Closed ${withShopper(conversation)}.`;
    case 'reopen':
      return `Reopened ${withShopper(conversation)}.`;
  }
}

const VERBS: Record<ConversationAction['kind'], string> = {
  'take-over': 'take over',
  'hand-back': 'hand back',
  assign: 'assign',
  close: 'close',
  reopen: 'reopen',
};

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What went wrong and what to do, for one failed action. */
export function failureMessage(
  { conversation, action }: Pick<PendingAction, 'conversation' | 'action'>,
  error: unknown,
  roster: readonly RosterMember[],
): { title: string; description: string } {
  const verb = action.kind === 'assign' && action.assignee === null ? 'unassign' : VERBS[action.kind];
  const title = `Could not ${verb} ${withShopper(conversation)}`;
  if (hasErrorCode(error, 'invalid_assignee') && action.kind === 'assign') {
    return {
      title,
      description: `${assigneeName(action.assignee, roster) ?? 'That person'} is not on the store's roster, so nothing can be assigned to them. Reload the page to refresh the list of people, then pick someone on it.`,
    };
  }
  return { title, description: describeApiError(error).description };
}
