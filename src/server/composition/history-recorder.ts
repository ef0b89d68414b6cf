import type { AgentConfig } from '../../schemas/agent-config.ts';
import type { Conversation } from '../../schemas/conversation.ts';
import type { Message } from '../../schemas/message.ts';
import type { Logger } from '../log/logger.ts';
import type { FeedRecorder } from '../feed/feed-recorder.ts';
import type { ShopperMove, SnoozeStore } from '../snooze/snooze-store.ts';
import type { DashboardRecords } from './record-answers.ts';

/**
 * The feed's reports (conversations, messages, the assistant's settings, whose shoppers wrote), recorded
 * one after another in the order the feed read them (a conversation's copies must be compared in order),
 * without holding the feed up: the database may still be opening, or slow.
 * A failure (the database unreachable) is logged and the next report is tried anyway.
 */
export function historyRecorder(
  records: Pick<DashboardRecords, 'history' | 'configVersions'>,
  snoozes: () => Promise<SnoozeStore>,
  logger: Logger,
): FeedRecorder {
  let queue: Promise<void> = Promise.resolve();
  let failing = false;
  const enqueue = (work: () => Promise<void>) => {
    queue = queue
      .then(async () => {
        await work();
        if (failing) logger.info('recording what the feed read works again');
        failing = false;
      })
      .catch((error: unknown) => {
        // Once per outage in the log, not once per report.
        if (!failing)
          logger.warn({ err_message: (error as Error).message }, 'recording what the feed read failed');
        failing = true;
      });
  };
  return {
    observed: (conversation: Conversation, firstSight) =>
      enqueue(async () => (await records.history()).observed(conversation, firstSight)),
    messagesRead: (messages: Message[]) =>
      enqueue(async () => (await records.history()).messagesRead(messages)),
    configRead: (config: AgentConfig) => enqueue(async () => (await records.configVersions()).read(config)),
    caughtUp: () => enqueue(async () => (await records.history()).deriveFromTranscripts()),
    shoppersWrote: (moves: ShopperMove[]) =>
      enqueue(async () => void (await (await snoozes()).wakeOnShopper(moves))),
    settled: () => queue,
  };
}
