import { isApiError } from '@/lib/api-error';
import { describeApiError } from '@/lib/describe-error';

/** The two scope gates of a template removal (spec, Authentication): the write grant, then the delete grant. */
export const WRITE_GATE = 'write_notifications';
export const DELETE_GATE = 'write_notifications:delete';

export type RemovalFailure = {
  title: string;
  description: string;
  /** Worth sending again as it is (the answer was lost or the server failed), with the same key. */
  canRetry: boolean;
  /** 'warning' when nothing is wrong as such (the template is simply not there). */
  tone: 'warning' | 'error';
};

/** Which gate refused, from the 403's message (it names the scope); null when it names neither. */
export function refusedGate(message: string): typeof WRITE_GATE | typeof DELETE_GATE | null {
  if (message.includes(DELETE_GATE)) return DELETE_GATE;
  if (new RegExp(`${WRITE_GATE}(?!:)`).test(message)) return WRITE_GATE;
  return null;
}

const ASK_FOR_SCOPE =
  'Ask whoever manages the dashboard’s API key to add it: scopes can be added to an existing key without reissuing it.';

/** Why removing template `templateId` failed, and what to do. */
export function describeRemovalFailure(error: unknown, templateId: string): RemovalFailure {
  if (isApiError(error)) {
    if (error.status === 404) {
      return {
        title: 'No notification template with that id in this store',
        description: `Nothing was removed. “${templateId}” may have been removed already, or the id has a typo.`,
        canRetry: false,
        tone: 'warning',
      };
    }
    if (error.code === 'insufficient_scope') {
      switch (refusedGate(error.message)) {
        case DELETE_GATE:
          return {
            title: `The store’s API key lacks ${DELETE_GATE}`,
            description: `It may write notifications (${WRITE_GATE}) but not remove them: removing a template also needs the separate delete grant ${DELETE_GATE}. ${ASK_FOR_SCOPE}`,
            canRetry: false,
            tone: 'error',
          };
        case WRITE_GATE:
          return {
            title: `The store’s API key lacks ${WRITE_GATE}`,
            // The delete grant only narrows the write grant and cannot exist alone: the key has neither.
            description: `Removing a template needs ${WRITE_GATE} and, on top of it, the delete grant ${DELETE_GATE}; the key has neither. ${ASK_FOR_SCOPE.replace('add it', 'add both')}`,
            canRetry: false,
            tone: 'error',
          };
        default:
          break;
      }
    }
  }
  const { title, description } = describeApiError(error, { role: 'owner' });
  const canRetry = isApiError(error) && (error.status === 0 || error.status >= 500);
  return { title, description, canRetry, tone: 'error' };
}
