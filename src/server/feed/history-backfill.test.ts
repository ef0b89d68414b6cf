import { expect, it } from 'vitest';
import type { Message } from '../../schemas/message.ts';
import { MemoryReadModelStore } from '../inbox/read-model-store.ts';
import type { TranscriptArchive } from './history-backfill.ts';
import { DEFAULT_FEED_TIMING } from './pacing.ts';
import { REQUESTS_PER_MINUTE, rateLimitedStore } from '../testing/test-rate-limited-store.ts';
import { testFeed } from '../testing/test-feed.ts';

// The history backfill against the simulator's seeded store and its own rate limiter (120 a minute):
// the store's past is read after the inbox is ready, within the budget the dashboards' reserve leaves,
// and a restart does not read again what was kept.

const rateLimited = rateLimitedStore();
const { clock, now } = rateLimited;

/** The dashboard's database as the backfill sees it: what the copy has, by conversation. */
class KeptTranscripts implements TranscriptArchive {
  readonly kept = new Map<string, Message[]>();
  readonly reads: { id: string; inboxReady: boolean }[] = [];
  constructor(
    private readonly listed: () => { id: string; created_at: string }[],
    private readonly inboxReady: () => Promise<boolean>,
  ) {}
  toRead(limit: number): Promise<string[]> {
    const unread = this.listed()
      .filter((conversation) => !this.kept.has(conversation.id))
      .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
    return Promise.resolve(unread.slice(0, limit).map((conversation) => conversation.id));
  }
  async read(conversationId: string, transcript: Message[]): Promise<void> {
    this.reads.push({ id: conversationId, inboxReady: await this.inboxReady() });
    this.kept.set(conversationId, transcript);
  }
}

it('reads the whole store’s past after the inbox is ready, within the budget, newest first, and resumes after a restart', async () => {
  const store = rateLimited.simulator.store('store_demo')!;
  const listed = () => [...store.conversations.values()];
  const readModel = new MemoryReadModelStore();
  const archive = new KeptTranscripts(listed, async () => (await readModel.stage()) === 'ready');
  let caughtUp = 0;
  const feedOf = () =>
    testFeed({
      upstream: rateLimited.upstream,
      readModel,
      archive,
      recorder: {
        observed: () => {},
        messagesRead: () => {},
        configRead: () => {},
        caughtUp: () => (caughtUp += 1),
        shoppersWrote: () => {},
        settled: () => Promise.resolve(),
      },
      now,
    });
  const closed = listed().filter((conversation) => conversation.status === 'closed');
  expect(closed.length).toBeGreaterThan(0);

  // Part of the way, then a restart (a new feed on the same database).
  let feed = feedOf();
  for (let steps = 0; steps < 40; steps += 1) clock.advance(await feed.step());
  const beforeRestart = archive.reads.length;
  expect(beforeRestart).toBeGreaterThan(0);
  expect(beforeRestart).toBeLessThan(listed().length);
  feed = feedOf();
  const started = now();
  while (caughtUp === 0 && now() - started < 10 * 60_000) clock.advance(await feed.step());

  // Every conversation's transcript, closed ones included, kept once and as the store has it.
  expect([...archive.kept.keys()].sort()).toEqual(
    listed()
      .map((conversation) => conversation.id)
      .sort(),
  );
  expect(archive.reads.map((read) => read.id)).toHaveLength(listed().length);
  for (const conversation of closed)
    expect(archive.kept.get(conversation.id)?.map((message) => message.id)).toEqual(
      // The tool turns are the assistant's internals, never served.
      store.messages
        .get(conversation.id)
        ?.filter((message) => message.role !== 'tool')
        .map((message) => message.id),
    );
  // Never before the inbox's read model was ready, and newest first.
  expect(archive.reads.every((read) => read.inboxReady)).toBe(true);
  const createdAt = archive.reads.map((read) => Date.parse(store.conversations.get(read.id)!.created_at));
  expect(createdAt).toEqual([...createdAt].sort((a, b) => b - a));

  // Within the budget: never refused, and a quarter of each of the store's windows (fixed, each from its
  // first request, as the store counts them) left to the dashboards.
  const sent = rateLimited.simulator.requestLog.list();
  expect(sent.filter((entry) => entry.status === 429)).toEqual([]);
  const perWindow: number[] = [];
  let windowStart = Number.NEGATIVE_INFINITY;
  for (const at of sent.map((entry) => Date.parse(entry.at))) {
    if (at - windowStart >= 60_000) {
      windowStart = at;
      perWindow.push(0);
    }
    perWindow[perWindow.length - 1]! += 1;
  }
  expect(perWindow.length).toBeGreaterThan(1);
  expect(Math.max(...perWindow)).toBeLessThanOrEqual(
    REQUESTS_PER_MINUTE * (1 - DEFAULT_FEED_TIMING.reserveShare),
  );
}, 60_000);
