import { afterAll, beforeAll, expect, it } from 'vitest';
import { inboxQuerySchema, type InboxResponse } from '../../schemas/inbox.ts';
import type { Database } from '../db/database.ts';
import type { StoreFeed } from '../feed/store-feed.ts';
import { rateLimitedStore } from '../testing/test-rate-limited-store.ts';
import type { UpstreamClient } from '../store-api/upstream-client.ts';
import { simulatorPost } from '../testing/live-test-kit.ts';
import { DatabaseReadModelStore } from './database-read-model-store.ts';
import { InboxService } from './inbox-service.ts';
import { MemoryInboxSettingsStore, MemoryOpenedMarkerStore } from './opened-markers.ts';
import type { ReadModelStore } from './read-model-store.ts';
import { testFeed } from '../testing/test-feed.ts';
import { openEmbeddedTestDatabase } from '../testing/embedded-test-database.ts';
import { capturedLogger } from '../testing/logged-lines.ts';

// A first start is useful in stages: lists, counts and search as soon as the store is listed, then the
// previews and waiting times filled in (those that need a person first), and a restart in between goes
// on where it stopped. Against the simulator's store limited to 120 requests a minute, so the first pass
// reads only a few transcripts per step.

const rateLimited = rateLimitedStore();
const { clock, now } = rateLimited;

let database: Database;
beforeAll(async () => {
  // More than a page of the store's listing (100), so a listing shows as more than the newest page.
  await simulatorPost(rateLimited.upstream.baseUrl, '/__sim/conversations/bulk', {
    count: 140,
    active_share: 0.5,
  });
  database = await openEmbeddedTestDatabase();
}, 60_000);
afterAll(() => database.close());

/** The upstream, recording each target the feed asked for. */
function recorded(upstream: UpstreamClient) {
  const targets: string[] = [];
  const client: UpstreamClient = {
    baseUrl: upstream.baseUrl,
    close: () => undefined,
    send: (request) => {
      targets.push(request.target);
      return upstream.send(request);
    },
  };
  return { client, targets };
}

/** A page of a listing after its first: the newest page alone is also read every few seconds, to notice a restore. */
const isLaterListingPage = (target: string) =>
  /^\/api\/v1\/agent-conversations\?/.test(target) &&
  !target.includes('updated_after') &&
  target.includes('after=');
const transcriptOf = (target: string) =>
  /^\/api\/v1\/agent-conversations\/([^/?]+)\/messages/.exec(target)?.[1];

function feedOn(readModel: DatabaseReadModelStore) {
  const upstream = recorded(rateLimited.upstream);
  const feed = testFeed({
    upstream: upstream.client,
    readModel,
    checkpoint: readModel,
    now,
  });
  return { feed, targets: upstream.targets };
}

const inboxOf = (readModel: ReadModelStore) =>
  new InboxService(readModel, new MemoryOpenedMarkerStore(), new MemoryInboxSettingsStore(), now);
const allActive = inboxQuerySchema.parse({ status: 'active', limit: '100' });

async function stepUntil(
  feed: StoreFeed,
  inbox: InboxService,
  done: (answer: InboxResponse) => boolean,
): Promise<InboxResponse> {
  for (let steps = 0; steps < 400; steps += 1) {
    clock.advance(await feed.step());
    const answer = await inbox.list('usr_staff1', allActive);
    if (done(answer)) return answer;
  }
  throw new Error('the feed never got there');
}

it('serves lists and counts as soon as the store is listed, and says how many previews it has until all are read', async () => {
  const store = rateLimited.simulator.store('store_demo')!;
  const active = [...store.conversations.values()].filter((c) => c.status === 'active');
  const readModel = new DatabaseReadModelStore({
    database: () => Promise.resolve(database.db),
    logger: capturedLogger(),
  });
  const { feed, targets } = feedOn(readModel);
  const inbox = inboxOf(readModel);

  const listed = await stepUntil(feed, inbox, (answer) => answer.listed);
  expect(targets.filter(isLaterListingPage).length).toBeGreaterThan(0);
  expect(listed.ready).toBe(false);
  expect(listed.counts.active).toBe(active.length);
  expect(listed.previews.of).toBe(active.length);
  expect(listed.previews.read).toBeLessThan(active.length);
  // The list comes from the model: every active conversation, previews or not yet.
  expect(listed.data).toHaveLength(Math.min(100, active.length));
  expect(listed.data.every((row) => row.conversation.status === 'active')).toBe(true);
  expect(listed.page.has_more).toBe(active.length > 100);
  // The conversations that need a person are read first.
  const needsPerson = active.filter((c) => c.handoff_state === 'human').length;
  if (listed.previews.read <= needsPerson)
    for (const row of listed.data.filter((r) => r.last_message !== null))
      expect(row.conversation.handoff_state).toBe('human');

  // A restart (a new process on the same database) in the middle of the previews.
  await readModel.flush();
  const readBefore = new Set(targets.map(transcriptOf).filter((id) => id !== undefined));
  const resumed = new DatabaseReadModelStore({
    database: () => Promise.resolve(database.db),
    logger: capturedLogger(),
  });
  const after = feedOn(resumed);
  const resumedInbox = inboxOf(resumed);
  const first = await stepUntil(after.feed, resumedInbox, () => true);
  expect(first.listed).toBe(true);
  const ready = await stepUntil(after.feed, resumedInbox, (answer) => answer.ready);
  expect(ready.previews).toEqual({ read: active.length, of: active.length });
  // No listing of the store, no transcript read again.
  expect(after.targets.filter(isLaterListingPage)).toEqual([]);
  const readAfter = after.targets.map(transcriptOf).filter((id) => id !== undefined);
  for (const id of readAfter) expect(readBefore.has(id)).toBe(false);
}, 60_000);
