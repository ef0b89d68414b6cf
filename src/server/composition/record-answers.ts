import { agentConfigSchema } from '../../schemas/agent-config.ts';
import { conversationSchema } from '../../schemas/conversation.ts';
import { knowledgeSourceCreateSchema } from '../../schemas/knowledge-source.ts';
import { messageSchema } from '../../schemas/message.ts';
import { webhookEndpointSchema } from '../../schemas/webhook-endpoint.ts';
import type { Logger } from '../log/logger.ts';
import type { RelayedAnswer } from '../proxy/proxy-handler.ts';
import type { ConfigVersions } from '../kept-copies/config-versions.ts';
import type { ConversationHistory, DashboardWrite } from '../history/conversation-history.ts';
import type { Integrations } from '../integrations/integrations.ts';
import type { KnowledgeTexts } from '../kept-copies/knowledge-texts.ts';

/** Where the dashboard's own records go, each once its database is open. */
export interface DashboardRecords {
  history: () => Promise<ConversationHistory>;
  configVersions: () => Promise<ConfigVersions>;
  knowledgeTexts: () => Promise<KnowledgeTexts>;
  integrations: () => Promise<Integrations>;
}

const CONVERSATION_WRITES: Record<string, DashboardWrite['action']> = {
  'PUT /api/v1/agent-conversations/{id}': 'update_conversation',
  'POST /api/v1/agent-conversations/{id}/messages': 'reply',
};

const RECORDING_WAIT_MS = 1_000;

function jsonOf(body: Buffer | undefined): unknown {
  if (!body) return undefined;
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

const dataOf = (body: Buffer | undefined): unknown => (jsonOf(body) as { data?: unknown } | undefined)?.data;

const isSuccess = (status: number) => status >= 200 && status < 300;

/** A conversation write, with who made it and the status; a success also brings the new copy. */
function conversationWrite(answer: RelayedAnswer, records: DashboardRecords) {
  const action = CONVERSATION_WRITES[`${answer.method} ${answer.pattern}`];
  const conversationId = answer.ids.id;
  if (!action || !conversationId) return undefined;
  const data = isSuccess(answer.status) ? dataOf(answer.body) : undefined;
  const conversation = action === 'update_conversation' ? conversationSchema.safeParse(data) : undefined;
  const message = action === 'reply' ? messageSchema.safeParse(data) : undefined;
  return {
    what: { conversation_id: conversationId, action },
    recording: records.history().then((h) =>
      h.dashboardWrote({
        actor: { id: answer.user.id, email: answer.user.email },
        conversationId,
        action,
        status: answer.status,
        ...(conversation?.success ? { conversation: conversation.data } : {}),
        ...(message?.success ? { message: message.data } : {}),
      }),
    ),
  };
}

/** What the dashboard keeps of this answer, if anything: the work, and what to name in a log line. */
function recordingOf(answer: RelayedAnswer, records: DashboardRecords) {
  const actor = { id: answer.user.id, name: answer.user.name };
  switch (`${answer.method} ${answer.pattern}`) {
    case 'GET /api/v1/agent-config':
    case 'PUT /api/v1/agent-config': {
      const config = isSuccess(answer.status) ? agentConfigSchema.safeParse(dataOf(answer.body)) : undefined;
      if (!config?.success) return undefined;
      const saved = answer.method === 'PUT';
      return {
        what: { action: saved ? 'config_saved' : 'config_read' },
        recording: records
          .configVersions()
          .then((versions) => (saved ? versions.saved(config.data, actor) : versions.read(config.data))),
      };
    }
    case 'POST /api/v1/agent-knowledge-sources': {
      if (!isSuccess(answer.status)) return undefined;
      const submitted = knowledgeSourceCreateSchema.safeParse(jsonOf(answer.requestBody));
      const id = (dataOf(answer.body) as { id?: unknown } | undefined)?.id;
      if (!submitted.success || typeof id !== 'string') return undefined;
      return {
        what: { action: 'knowledge_source_added' },
        recording: records.knowledgeTexts().then((texts) => texts.added(id, submitted.data, actor)),
      };
    }
    case 'GET /api/v1/webhook-endpoints/{id}': {
      const id = answer.ids.id;
      const endpoint = isSuccess(answer.status)
        ? webhookEndpointSchema.safeParse(dataOf(answer.body))
        : undefined;
      if (endpoint?.success)
        return {
          what: { action: 'webhook_endpoint_read' },
          recording: records.integrations().then((kept) => kept.endpointRead(endpoint.data, actor)),
        };
      if (answer.status !== 404 || id === undefined) return undefined;
      return {
        what: { action: 'webhook_endpoint_gone' },
        recording: records.integrations().then((kept) => kept.endpointGone(id)),
      };
    }
    case 'DELETE /api/v1/notification-templates/{id}': {
      const id = answer.ids.id;
      // A refusal before the store looked (the key's scope, the rate limit) says nothing of the template.
      if (id === undefined || ![204, 404, 409].includes(answer.status)) return undefined;
      return {
        what: { action: 'notification_template_removal' },
        recording: records.integrations().then((kept) => kept.templateRemoval(id, answer.status, actor)),
      };
    }
    default:
      return answer.method === 'GET' ? undefined : conversationWrite(answer, records);
  }
}

/**
 * The proxy's hook for the dashboard's own records: every write to a conversation with who made it and
 * the status the store answered (a successful one also brings the new copy, so the history names the
 * person); each version of the assistant's settings, saved here or read from the store; the text of
 * each knowledge source added here; and each webhook endpoint read and template removal (integrations). The store has already answered: a database failure is logged and
 * never fails the request.
 */
export function recordRelayedAnswers(
  records: DashboardRecords,
  logger: Logger,
): (answer: RelayedAnswer) => Promise<void> {
  return async (answer) => {
    const found = recordingOf(answer, records);
    if (!found) return;
    const recording = found.recording.catch((error: unknown) =>
      logger.warn(
        { err_message: (error as Error).message, ...found.what },
        'recording a dashboard answer failed',
      ),
    );
    // A read needs nothing recorded before its answer goes on, but an endpoint read is listed on the
    // page that asked as soon as the answer arrives.
    if (answer.method === 'GET' && !answer.pattern.startsWith('/api/v1/webhook-endpoints/')) return;
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
