import type { Logger } from '../log/logger.ts';
import type { RelayedAnswer } from '../proxy/proxy-handler.ts';
import type { AutoAssigner } from './auto-assigner.ts';

const REPLY = 'POST /api/v1/agent-conversations/{id}/messages';

/**
 * What follows an answer the store gave: the dashboard's records of it, then, after a person's reply was
 * taken, the conversation made theirs when nobody holds it (AutoAssigner.assignReplier), before the answer
 * reaches the browser, so the replier's dashboard reads it assigned. A failure there is logged, never
 * the reply's.
 */
export function afterRelayed(
  record: (answer: RelayedAnswer) => Promise<void>,
  assigner: Pick<AutoAssigner, 'assignReplier'>,
  logger: Logger,
): (answer: RelayedAnswer) => Promise<void> {
  return async (answer) => {
    await record(answer);
    if (`${answer.method} ${answer.pattern}` !== REPLY || answer.status < 200 || answer.status >= 300) return;
    const conversationId = answer.ids.id;
    if (conversationId === undefined) return;
    await assigner
      .assignReplier(answer.user, conversationId)
      .catch((error: unknown) =>
        logger.warn(
          { err_message: (error as Error).message, conversation_id: conversationId },
          'assigning the replier failed',
        ),
      );
  };
}
