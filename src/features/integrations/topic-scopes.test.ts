import { describe, expect, it } from 'vitest';
import { EVENT_READ_SCOPES } from '@/schemas/webhook-endpoint';
import { describeSubscriptions } from './topic-scopes';

describe('describeSubscriptions', () => {
  it('gives each topic the read scope of its family, and the scopes the subscription needs once each', () => {
    const { topics, readScopes } = describeSubscriptions([
      'orders/paid',
      'inventory/updated',
      'orders/refunded',
    ]);
    expect(topics.map(({ topic, scopes }) => [topic, scopes])).toEqual([
      ['orders/paid', ['read_orders']],
      ['inventory/updated', ['read_inventory']],
      ['orders/refunded', ['read_orders']],
    ]);
    expect(readScopes).toEqual(['read_inventory', 'read_orders']);
  });

  it('reads * as every topic, needing every read scope', () => {
    const { topics, readScopes } = describeSubscriptions(['*']);
    expect(topics).toEqual([{ topic: '*', kind: 'wildcard', scopes: EVENT_READ_SCOPES }]);
    expect(readScopes).toEqual(EVENT_READ_SCOPES);
    expect(readScopes).toHaveLength(7);
  });

  it('keeps a topic it does not know, without inventing a scope for it', () => {
    expect(describeSubscriptions(['carts/abandoned']).topics).toEqual([
      { topic: 'carts/abandoned', kind: 'unknown', scopes: [] },
    ]);
    expect(describeSubscriptions(['toString']).topics[0]?.kind).toBe('unknown');
  });
});
