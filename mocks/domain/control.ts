import { refuse } from '../core/errors.ts';
import { keyBySecret } from '../core/auth.ts';
import type { SimContext } from './context.ts';
import type { ApiKeyRecord, MessageRecord, StoreData, StoreId } from '../state/types.ts';
import { findMessage } from './transcript.ts';

function keyOf(sim: SimContext, keyRef: string): ApiKeyRecord {
  const key =
    sim.state.keys.find((candidate) => candidate.id === keyRef) ??
    keyBySecret(sim.state.keys, keyRef, sim.clock.nowMs());
  if (key === undefined) throw refuse.notFound('api_key');
  return key;
}

function storeOf(sim: SimContext, storeId: StoreId): StoreData {
  const store = sim.store(storeId);
  if (store === undefined) throw refuse.notFound('store');
  return store;
}

/**
 * Rolls a key's secret: the new secret authenticates at once, the previous one for `graceS` more
 * seconds. The key keeps its id and scopes. `keyRef` is the key id or any of its working secrets.
 */
export function rollKey(sim: SimContext, keyRef: string, graceS: number): string {
  const key = keyOf(sim, keyRef);
  const nowMs = sim.clock.nowMs();
  const secret = sim.state.random.id(key.kind === 'publishable' ? 'pk_test' : 'sk_test');
  key.secrets = [
    { value: secret, validUntil: null },
    ...key.secrets.map((old) => ({
      value: old.value,
      validUntil: Math.min(old.validUntil ?? Infinity, nowMs + graceS * 1000),
    })),
  ];
  return secret;
}

export function revokeKey(sim: SimContext, keyRef: string): void {
  keyOf(sim, keyRef).revoked = true;
}

/** The shopper rates a store message (bot or staff reply) from 1 to 5 stars. */
export function rateMessage(sim: SimContext, messageId: string, rating: number): MessageRecord {
  const message = findMessage(sim, messageId);
  if (message === undefined || message.role === 'tool') throw refuse.notFound('agent_message');
  if (message.role !== 'assistant') {
    throw refuse.invalidBody('invalid_value', 'Only assistant messages can be rated.', 'message_id');
  }
  message.rating = rating;
  return message;
}

export function setAiEnabled(sim: SimContext, storeId: StoreId, enabled: boolean): void {
  storeOf(sim, storeId).aiEnabled = enabled;
}
