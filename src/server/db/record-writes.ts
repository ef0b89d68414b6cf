import { conversationSchema } from '../../schemas/conversation.ts';
import { messageSchema } from '../../schemas/message.ts';
import type { Logger } from '../http/logger.ts';
import { conversationIdOf } from '../proxy/allowlist.ts';
import type { RelayedWrite } from '../proxy/proxy-handler.ts';
import type { ConversationHistory, DashboardWrite } from './conversation-history.ts';

const CONVERSATION_WRITES: Record<string, DashboardWrite['action']> = {
  'PUT /api/v1/agent-conversations/{id}': 'update_conversation',
  'POST /api/v1/agent-conversations/{id}/messages': 'reply',
};

const RECORDING_WAIT_MS = 1_000;

function dataOf(body: Buffer | undefined): unknown {
  if (!body) return undefined;
  try {
    return (JSON.parse(body.toString('utf8')) as { data?: unknown }).data;
  } catch {
    return undefined;
  }
}

/**
 * The proxy's hook for the dashboard's own records: every write to a conversation, with who made it and
 * the status the store answered; a successful one also brings the new copy (and so the history, naming the
 * person). The store has already applied the write: a database failure is logged and never fails it.
 */
export function recordConversationWrites(
  history: () => Promise<ConversationHistory>,
  logger: Logger,
): (write: RelayedWrite) => Promise<void> {
  return async (write) => {
    const action = CONVERSATION_WRITES[`${write.method} ${write.pattern}`];
    const conversationId = conversationIdOf(write.upstreamTarget);
    if (!action || !conversationId) return;
    const ok = write.status >= 200 && write.status < 300;
    const data = ok ? dataOf(write.body) : undefined;
    const conversation = action === 'update_conversation' ? conversationSchema.safeParse(data) : undefined;
    const message = action === 'reply' ? messageSchema.safeParse(data) : undefined;
    const recording = history()
      .then((h) =>
        h.dashboardWrote({
          actor: { id: write.user.id, email: write.user.email },
          conversationId,
          action,
          status: write.status,
          ...(conversation?.success ? { conversation: conversation.data } : {}),
          ...(message?.success ? { message: message.data } : {}),
        }),
      )
      .catch((error: unknown) =>
        logger.warn(
          { err_message: (error as Error).message, conversation_id: conversationId, action },
          'recording a dashboard write failed',
        ),
      );
    // Usually done at once, so the history names the person before the answer reaches the browser; a slow
    // database never holds the store's answer up for longer than this (the recording goes on meanwhile).
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      recording,
      new Promise((resolve) => (timer = setTimeout(resolve, RECORDING_WAIT_MS))),
    ]);
    clearTimeout(timer);
  };
}
