import { EVENT_READ_SCOPES, TOPIC_READ_SCOPES, WILDCARD_TOPIC } from '@/schemas/webhook-endpoint';

export type SubscribedTopic = {
  topic: string;
  /** The read scopes the topic needs; empty for a topic outside the Events table. */
  scopes: string[];
  kind: 'topic' | 'wildcard' | 'unknown';
};

function isKnownTopic(topic: string): topic is keyof typeof TOPIC_READ_SCOPES {
  return Object.hasOwn(TOPIC_READ_SCOPES, topic);
}

/**
 * Each subscribed topic with the read scope it needs (the spec's Events table). `*` is every topic,
 * including ones added later, so it needs every read scope. Also the union of what the subscription
 * needs, in a stable order.
 */
export function describeSubscriptions(events: readonly string[]): {
  topics: SubscribedTopic[];
  readScopes: string[];
} {
  const topics = events.map((topic): SubscribedTopic => {
    if (topic === WILDCARD_TOPIC) return { topic, scopes: [...EVENT_READ_SCOPES], kind: 'wildcard' };
    if (isKnownTopic(topic)) return { topic, scopes: [TOPIC_READ_SCOPES[topic]], kind: 'topic' };
    return { topic, scopes: [], kind: 'unknown' };
  });
  const needed = new Set(topics.flatMap((item) => item.scopes));
  return { topics, readScopes: EVENT_READ_SCOPES.filter((scope) => needed.has(scope)) };
}
