import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Conversation } from '../../schemas/conversation.ts';
import { DatabaseUnavailableError, type Database, type Db } from '../db/database.ts';
import { createLogger } from '../log/logger.ts';
import { captureLogs } from '../testing/logged-lines.ts';
import { inboxModelState } from '../db/schema.ts';
import { DatabaseReadModelStore } from './database-read-model-store.ts';
import { EMPTY_FOLD, type ReadModelRecord } from './read-model.ts';
import { openEmbeddedTestDatabase } from '../testing/embedded-test-database.ts';

// The model's writes behind its memory: what a restart loads, also after the database was away.

let database: Database;
beforeAll(async () => {
  database = await openEmbeddedTestDatabase();
}, 60_000);
afterAll(() => database.close());
beforeEach(async () => {
  await database.db.execute(sql`truncate inbox_model_records, inbox_model_state`);
});

const record = (id: string, updatedAt = '2026-11-23T09:00:00.000Z'): ReadModelRecord => ({
  conversation: {
    id,
    assigned_to: null,
    channel: 'website',
    created_at: '2026-11-23T08:00:00.000Z',
    updated_at: updatedAt,
    currency: 'EUR',
    customer_id: null,
    display_name: 'Kari',
    email: 'kari@example.com',
    handoff_state: 'human',
    status: 'active',
  } satisfies Conversation,
  fold: EMPTY_FOLD,
  read: true,
  handedOverAt: null,
});

function storeOn(db: () => Promise<Db>, logs = captureLogs()) {
  return new DatabaseReadModelStore({ database: db, logger: createLogger('info', logs), retryMs: 20 });
}

it('a new store on the same database loads the records, the ready flag and the checkpoint written', async () => {
  const store = storeOn(() => Promise.resolve(database.db));
  await store.takeOver();
  await store.put(record('conv_a'));
  await store.put(record('conv_b'));
  await store.put(record('conv_c'));
  await store.delete('conv_b');
  await store.setStage('ready');
  await store.save({ watermark: '2026-11-23T09:00:00.000Z', seen: [['conv_c', '2026-11-23T09:00:00.000Z']] });
  await store.flush();

  const next = storeOn(() => Promise.resolve(database.db));
  expect(await next.load()).toEqual({
    watermark: '2026-11-23T09:00:00.000Z',
    seen: [['conv_c', '2026-11-23T09:00:00.000Z']],
  });
  expect((await next.all()).map((r) => r.conversation.id).sort()).toEqual(['conv_a', 'conv_c']);
  expect(await next.stage()).toBe('ready');
  expect(await next.get('conv_a')).toEqual(record('conv_a'));
});

it('while the database is away the model is served from memory; the changes are written when it is back, the checkpoint after them', async () => {
  let away = true;
  const logs = captureLogs();
  const store = storeOn(
    () =>
      away ? Promise.reject(new DatabaseUnavailableError(new Error('down'))) : Promise.resolve(database.db),
    logs,
  );
  away = false;
  await store.takeOver();
  away = true;
  await store.put(record('conv_a'));
  await store.setStage('ready');
  await store.save({ watermark: '2026-11-23T09:00:00.000Z', seen: [] });
  await store.put(record('conv_a', '2026-11-23T09:05:00.000Z'));
  await store.put(record('conv_b'));
  await store.save({ watermark: '2026-11-23T09:05:00.000Z', seen: [] });
  expect((await store.get('conv_a'))?.conversation.updated_at).toBe('2026-11-23T09:05:00.000Z');
  await expect.poll(() => logs.lines.join('\n')).toContain('inbox.model_write_failed');
  // Nothing reached the database: no checkpoint that its records would be missing from.
  expect(await database.db.select().from(inboxModelState)).toEqual([]);

  away = false;
  await expect.poll(() => logs.lines.join('\n')).toContain('inbox.model_written');
  const next = storeOn(() => Promise.resolve(database.db));
  expect((await next.load())?.watermark).toBe('2026-11-23T09:05:00.000Z');
  expect((await next.get('conv_a'))?.conversation.updated_at).toBe('2026-11-23T09:05:00.000Z');
  expect(await next.get('conv_b')).toBeDefined();
  expect(await next.stage()).toBe('ready');
});
