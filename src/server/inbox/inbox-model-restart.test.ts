import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulatorServerPer } from '../../../mocks/testing/simulator-server-per.ts';
import { DashboardDatabase } from '../composition/dashboard-database.ts';
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '../db/database.ts';
import type { DatabaseConfig } from '../config/config.ts';
import { inboxModelRecords } from '../db/schema.ts';
import { startPostgres, type TestPostgres } from '../testing/test-postgres.ts';
import { openStream, readInbox, shopperWrites, simulatorPost, until } from '../testing/live-test-kit.ts';
import { sseReader } from '../testing/sse-reader.ts';
import { buildTestApp, READ_HEADERS, signInAs, type TestApp } from '../testing/test-app.ts';
import { inboxResponseSchema, type InboxResponse } from '../../schemas/inbox.ts';
import { embeddedTestDump } from '../testing/embedded-test-database.ts';

// A BFF without Redis keeps the inbox's model and the feed's checkpoint in its database: a restart resumes.
const simulator = simulatorServerPer('file');

interface LoggedRequest {
  method: string;
  path: string;
  query: string;
}

async function upstreamRequests(): Promise<LoggedRequest[]> {
  const response = await fetch(`${simulator.url}/__sim/requests`);
  return ((await response.json()) as { data: LoggedRequest[] }).data;
}

async function clearRequests(): Promise<void> {
  await fetch(`${simulator.url}/__sim/requests`, { method: 'DELETE' });
}

/** Pages of a listing of the whole store (not the walk's `updated_after`, not the newest page alone). */
const listingPages = (requests: LoggedRequest[]) =>
  requests.filter(
    (r) =>
      r.path === '/api/v1/agent-conversations' &&
      !r.query.includes('updated_after') &&
      r.query.includes('after='),
  );
const transcriptReads = (requests: LoggedRequest[]) =>
  requests.filter((r) => /^\/api\/v1\/agent-conversations\/[^/]+\/messages$/.test(r.path));

/** A BFF process: its app on a database opened from `config`, with a dashboard open (the feed runs). */
async function startBff(config: DatabaseConfig) {
  const database = new DashboardDatabase(openDatabase(config));
  const { app, logs } = await buildTestApp({
    upstreamUrl: simulator.url,
    deps: { database, live: { feedTiming: { fastMs: 20 } } },
  });
  const cookie = await signInAs(app, 'staff@example.com');
  const stream = sseReader(await openStream(app, cookie));
  return {
    app,
    cookie,
    logs,
    database,
    async stop() {
      await stream.cancel();
      await app.liveHub.close();
      await database.close();
    },
  };
}

/**
 * The inbox once its model is ready. Until then a 503 is an answer too (the lists come from the store
 * while the model is not current, and a loaded machine can make that read time out): not ready yet.
 */
async function ready(app: TestApp, cookie: string): Promise<InboxResponse> {
  const answer = await until(
    async () => {
      const response = await app.request('/bff/inbox?status=active&limit=200', {
        headers: { ...READ_HEADERS, cookie },
      });
      return response.status === 503 ? undefined : inboxResponseSchema.parse(await response.json());
    },
    (read) => read?.ready === true,
    'the model to be ready',
  );
  return answer!;
}

function restartTests(configOf: () => Promise<DatabaseConfig>) {
  it('a restart is ready from the stored model: no listing, and only what changed meanwhile is read', async () => {
    await simulatorPost(simulator.url, '/__sim/reset', {});
    // More than a page of conversations: a listing of the store would show as pages with a cursor.
    await simulatorPost(simulator.url, '/__sim/conversations/bulk', { count: 240 });
    const config = await configOf();

    const first = await startBff(config);
    const before = await ready(first.app, first.cookie);
    expect(listingPages(await upstreamRequests()).length).toBeGreaterThan(0);
    const active = before.data.filter((row) => row.last_message !== null);
    expect(active.length).toBeGreaterThan(50);
    // The model reads active conversations' transcripts (the history's backfill reads closed ones too, and
    // goes on where it stopped): none of those it read before is read again, but for the changed one.
    const activeIds = new Set(active.map((r) => r.conversation.id));
    const modelReads = (requests: LoggedRequest[]) =>
      new Set(
        transcriptReads(requests)
          .map((r) => r.path.split('/')[4]!)
          .filter((id) => activeIds.has(id)),
      );
    await first.stop();
    const readBefore = modelReads(await upstreamRequests());
    expect(readBefore.size).toBe(activeIds.size);

    // While the dashboard is down, a shopper writes in one active conversation.
    const changed = active[0]!.conversation.id;
    await clearRequests();
    await shopperWrites(simulator.url, { conversation_id: changed, content: 'Written while you were away' });

    const second = await startBff(config);
    const after = await ready(second.app, second.cookie);
    const row = await until(
      () => readInbox(second.app, second.cookie, '?status=active&limit=200'),
      (answer) => answer.data.some((r) => r.conversation.id === changed && r.last_message?.role === 'user'),
      'the change made while down',
    );
    expect(row.data.find((r) => r.conversation.id === changed)?.last_message?.preview).toBe(
      'Written while you were away',
    );
    // Everything else is as it was, previews and waiting times included.
    const unchanged = (rows: typeof before.data) =>
      rows
        .filter((r) => r.conversation.id !== changed)
        .map((r) => ({ id: r.conversation.id, last: r.last_message, waiting: r.waiting_since }));
    expect(unchanged(after.data)).toEqual(unchanged(before.data));

    const requests = await upstreamRequests();
    expect(listingPages(requests)).toEqual([]);
    expect(modelReads(requests)).toEqual(new Set([changed]));
    await second.stop();
  }, 90_000);
}

describe('on PGlite in a data directory', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'inbox-model-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  restartTests(async () => ({
    kind: 'pglite',
    dataDir: join(dir, 'data'),
    loadDataDir: await embeddedTestDump(),
  }));
});

describe('on Postgres', () => {
  let server: TestPostgres;
  let url: string | undefined;
  beforeAll(async () => {
    server = await startPostgres();
  }, 60_000);
  afterAll(() => server.stop());
  const config = async (): Promise<DatabaseConfig> => {
    url ??= await server.createDatabase('inbox_model');
    return { kind: 'postgres', url };
  };
  restartTests(config);

  it('a stored record that cannot be read makes the restart list the store again, reading only what it lacks', async () => {
    await simulatorPost(simulator.url, '/__sim/reset', {});
    await simulatorPost(simulator.url, '/__sim/conversations/bulk', { count: 240 });
    const damagedConfig: DatabaseConfig = {
      kind: 'postgres',
      url: await server.createDatabase('inbox_model_damaged'),
    };
    const first = await startBff(damagedConfig);
    const before = await ready(first.app, first.cookie);
    await first.stop();
    const damaged = before.data.find((row) => row.last_message !== null)!.conversation.id;
    const direct = await openDatabase(damagedConfig);
    await direct.db
      .update(inboxModelRecords)
      .set({ record: sql`'{"conversation": null}'::jsonb` })
      .where(eq(inboxModelRecords.conversationId, damaged));
    await direct.close();
    await clearRequests();

    const second = await startBff(damagedConfig);
    const after = await ready(second.app, second.cookie);
    expect(after.data.find((row) => row.conversation.id === damaged)?.last_message).toEqual(
      before.data.find((row) => row.conversation.id === damaged)?.last_message,
    );
    const requests = await upstreamRequests();
    expect(listingPages(requests).length).toBeGreaterThan(0);
    const activeIds = new Set(before.data.map((row) => row.conversation.id));
    const readAgain = new Set(
      transcriptReads(requests)
        .map((r) => r.path.split('/')[4]!)
        .filter((id) => activeIds.has(id)),
    );
    expect(readAgain).toEqual(new Set([damaged]));
    expect(second.logs.join('\n')).toContain('"unusable":1');
    await second.stop();
    // The row was written again: the next start loads a whole, ready model.
    const third = await startBff(damagedConfig);
    await ready(third.app, third.cookie);
    expect(third.logs.join('\n')).toContain('"unusable":0,"stage":"ready"');
    await third.stop();
  }, 90_000);

  it('a database outage while writing loses nothing: the inbox stays served, and the rows are written after', async () => {
    await simulatorPost(simulator.url, '/__sim/reset', {});
    const outageConfig: DatabaseConfig = {
      kind: 'postgres',
      url: await server.createDatabase('inbox_model_outage'),
    };
    const bff = await startBff(outageConfig);
    await ready(bff.app, bff.cookie);
    await server.kill();
    const wrote = await shopperWrites(simulator.url, { content: 'Anyone there?', escalate: true });
    const seen = await until(
      () => readInbox(bff.app, bff.cookie, '?status=active&limit=200'),
      (answer) => answer.ready && answer.data.some((r) => r.conversation.id === wrote.conversation.id),
      'the new conversation while the database is down',
    );
    expect(seen.data.find((r) => r.conversation.id === wrote.conversation.id)?.last_message).not.toBeNull();
    await until(
      () => Promise.resolve(bff.logs.join('\n')),
      (logs) => logs.includes('inbox.model_write_failed'),
      'the failed write to be logged',
    );
    await server.restart();
    await until(
      () => Promise.resolve(bff.logs.join('\n')),
      (logs) => logs.includes('inbox.model_written'),
      'the model to be written again',
    );
    await bff.stop();

    // The next process has the conversation from the database, without listing the store.
    await clearRequests();
    const next = await startBff(outageConfig);
    const after = await ready(next.app, next.cookie);
    expect(after.data.some((r) => r.conversation.id === wrote.conversation.id)).toBe(true);
    expect(listingPages(await upstreamRequests())).toEqual([]);
    await next.stop();
    // Three BFF starts and a Postgres server stopped and started again: beside other files on two busy
    // cores that has taken over a minute.
  }, 120_000);
});
