/**
 * One writer at a time per conversation: the proxy's updates of a conversation and the automatic
 * assignment's read-then-write take the same lock, so a person's assignment can never land between the
 * worker's fresh read and its write (the Commerce API has no conditional update to do it for us). With
 * several replicas the lock lives in Redis; one process keeps it in memory.
 */
export interface ConversationLocks {
  /** Runs `work` holding the conversation's lock (waiting for it first). */
  run<T>(conversationId: string, work: () => Promise<T>): Promise<T>;
}

/** The locks of one process: a queue per conversation. */
export class MemoryConversationLocks implements ConversationLocks {
  private readonly tails = new Map<string, Promise<unknown>>();

  async run<T>(conversationId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(conversationId) ?? Promise.resolve();
    const mine = previous.catch(() => undefined).then(work);
    const tail = mine.catch(() => undefined);
    this.tails.set(conversationId, tail);
    try {
      return await mine;
    } finally {
      if (this.tails.get(conversationId) === tail) this.tails.delete(conversationId);
    }
  }
}
