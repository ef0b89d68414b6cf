import { EVENT_READ_SCOPES } from '../../src/schemas/webhook-endpoint.ts';
import type { ApiKeyRecord, StoreId } from '../state/types.ts';

/** Every scope the Commerce API's contract names: the owner keys hold them all. */
export const OWNER_SCOPES: readonly string[] = [
  'read_sales_agent',
  'write_sales_agent',
  'write_notifications',
  'write_notifications:delete',
  'read_webhooks',
  'write_webhooks',
  ...EVENT_READ_SCOPES,
];

const DAY = 24 * 60 * 60 * 1000;

function key(
  id: string,
  store: StoreId,
  scopes: readonly string[],
  extra: Partial<ApiKeyRecord> = {},
): ApiKeyRecord {
  return {
    id,
    store,
    kind: 'secret',
    scopes: new Set(scopes),
    expiresAt: null,
    revoked: false,
    secrets: [{ value: id, validUntil: null }],
    ...extra,
  };
}

/** The simulator's keys (the table in mocks/README.md). */
export function seedKeys(anchor: number): ApiKeyRecord[] {
  return [
    key('sk_test_demo_owner', 'store_demo', OWNER_SCOPES),
    key('sk_test_demo_readonly', 'store_demo', ['read_sales_agent']),
    key('sk_test_demo_nodelete', 'store_demo', [
      'read_sales_agent',
      'write_sales_agent',
      'write_notifications',
    ]),
    key('sk_test_other_owner', 'store_other', OWNER_SCOPES),
    key('sk_test_demo_expired', 'store_demo', OWNER_SCOPES, { expiresAt: anchor - DAY }),
    key('pk_test_demo', 'store_demo', [], { kind: 'publishable' }),
  ];
}
