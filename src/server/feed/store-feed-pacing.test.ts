import { expect, it } from 'vitest';
import type { LiveEvent } from '../../schemas/live.ts';
import { MemoryEventLog } from '../live/event-log.ts';
import { MemoryPresenceStore } from '../live/presence.ts';
import { DEFAULT_FEED_TIMING } from './pacing.ts';
import { REQUESTS_PER_MINUTE, rateLimitedStore } from '../testing/test-rate-limited-store.ts';
import { testFeed } from '../testing/test-feed.ts';

// The feed's pacing against the simulator's own rate limiter, over two minutes of the simulator's clock:
// the store's 120 requests a minute are shared by the feed and the dashboards' own requests, so the feed
// must bring every change while never being refused. Time is the clock's, moved by each step's wait.

const rateLimited = rateLimitedStore();
const { clock, now } = rateLimited;

/** Longest a change may take to reach the dashboards (the e2e suite's wait for a pushed change). */
const BROUGHT_WITHIN_MS = 15_000;

it('keeps under 120 requests a minute for two minutes of steady changes and brings every one, a watched transcript’s included', async () => {
  const log = new MemoryEventLog();
  const published: { event: LiveEvent; at: number }[] = [];
  log.subscribe((event) => published.push({ event, at: now() }));
  const presence = new MemoryPresenceStore();
  const feed = testFeed({
    upstream: rateLimited.upstream,
    log,
    presence,
    now,
  });
  // Two people watch one conversation, so the feed also tails its transcript.
  const watched = rateLimited.simulator.shopperWrites({
    display_name: 'Watched Shopper',
    content: 'I need help with my order.',
    escalate: true,
  }).conversation;
  for (const [sessionKey, userId] of [
    ['s1', 'usr_staff1'],
    ['s2', 'usr_staff2'],
  ] as const) {
    await presence.heartbeat(
      { sessionKey, tabId: 't1', userId, name: userId, conversationId: watched.id, state: 'viewing' },
      now(),
    );
  }

  // A new handoff and a message in the watched conversation every 8 seconds, as the e2e run's rounds.
  const written: { conversationId: string; messageId: string; at: number }[] = [];
  const started = now();
  let nextRound = started;
  let round = 0;
  while (now() - started < 120_000) {
    if (now() >= nextRound) {
      round += 1;
      const tag = String(round).padStart(3, '0');
      const handoff = rateLimited.simulator.shopperWrites({
        display_name: `Shopper ${tag}`,
        content: 'A person, please.',
        escalate: true,
      });
      const update = rateLimited.simulator.shopperWrites({
        conversation_id: watched.id,
        content: `Update ${tag}`,
      });
      written.push({ conversationId: handoff.conversation.id, messageId: update.message.id, at: now() });
      nextRound += 8_000;
    }
    clock.advance(await feed.step());
  }
  // One more step after the last round's wait, as the dashboards would keep listening.
  clock.advance(await feed.step());

  expect(round).toBeGreaterThanOrEqual(15);
  const sent = rateLimited.simulator.requestLog.list();
  expect(sent.filter((entry) => entry.status === 429)).toEqual([]);
  // In any minute the feed leaves a quarter of the limit to the dashboards' own saves and replies, so
  // theirs are not refused either.
  const sentAt = sent.map((entry) => Date.parse(entry.at));
  const busiestMinute = Math.max(
    ...sentAt.map((from) => sentAt.filter((t) => t >= from && t < from + 60_000).length),
  );
  expect(busiestMinute).toBeLessThanOrEqual(REQUESTS_PER_MINUTE * (1 - DEFAULT_FEED_TIMING.reserveShare));
  for (const { conversationId, messageId, at } of written) {
    const conversation = published.find(
      ({ event }) => event.name === 'conversation' && event.data.id === conversationId,
    );
    const message = published.find(
      ({ event }) => event.name === 'message' && event.data.message.id === messageId,
    );
    expect(conversation?.at, conversationId).toBeLessThanOrEqual(at + BROUGHT_WITHIN_MS);
    expect(message?.at, messageId).toBeLessThanOrEqual(at + BROUGHT_WITHIN_MS);
  }
});
