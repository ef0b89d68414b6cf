import type { Conversation } from '../../schemas/conversation.ts';
import type { ReadModelStore } from '../inbox/read-model-store.ts';

/** A conversation listed but unknown to the model this long after its last change was missed by the walk. */
const MISSED_AFTER_MS = 60_000;

const ms = (timestamp: string) => Date.parse(timestamp);

/**
 * Whether the store's newest page says the store was restored (a backup, the simulator's reset): a
 * conversation older than the model's copy, one the walk never saw although it changed a while ago, or
 * one the model has in the page's range (newest first by creation) that the store no longer lists.
 * `wholeStore`: the page is all the store has.
 */
export async function wasRestored(
  model: ReadModelStore,
  listed: readonly Conversation[],
  wholeStore: boolean,
  nowMs: number,
): Promise<boolean> {
  const ids = new Set(listed.map((conversation) => conversation.id));
  for (const conversation of listed) {
    const record = await model.get(conversation.id);
    if (record && ms(record.conversation.updated_at) > ms(conversation.updated_at)) return true;
    if (!record && nowMs - ms(conversation.updated_at) > MISSED_AFTER_MS) return true;
  }
  const oldest = Math.min(...listed.map((conversation) => ms(conversation.created_at)));
  for (const record of await model.all()) {
    if (ids.has(record.conversation.id)) continue;
    if (wholeStore || ms(record.conversation.created_at) > oldest) return true;
  }
  return false;
}
