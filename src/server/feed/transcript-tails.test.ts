import { describe, expect, it } from 'vitest';
import type { Message } from '../../schemas/message.ts';
import { MemoryEventLog } from '../live/event-log.ts';
import { DEFAULT_FEED_TIMING } from './pacing.ts';
import { TranscriptTails } from './transcript-tails.ts';

const message = (id: string, createdAt: string, rating: number | null = null): Message => ({
  id,
  conversation_id: 'conv_1',
  content: `text of ${id}`,
  created_at: createdAt,
  role: 'assistant',
  author_user_id: null,
  rating,
});

/** A store whose transcript the test rewrites; pages of two, the cursor is the index to start from. */
function fakeStore() {
  const store = { transcript: [] as Message[] };
  const get = (target: string) => {
    const url = new URL(target, 'http://store.test');
    const start = Number(url.searchParams.get('after') ?? 0);
    const data = store.transcript.slice(start, start + 2);
    const hasMore = start + 2 < store.transcript.length;
    return Promise.resolve({
      kind: 'ok' as const,
      headers: {},
      body: { data, page: { has_more: hasMore, ...(hasMore ? { next_cursor: String(start + 2) } : {}) } },
    });
  };
  return { store, get };
}

describe('TranscriptTails', () => {
  it('starts over when the last page read again shares nothing with what it knew (a restored store)', async () => {
    let now = Date.parse('2026-11-23T10:00:00Z');
    const { store, get } = fakeStore();
    const log = new MemoryEventLog();
    const events: { name: string; data: unknown }[] = [];
    log.subscribe((event) => events.push({ name: event.name, data: event.data }));
    const tails = new TranscriptTails({ log, get, now: () => now, timing: DEFAULT_FEED_TIMING });

    // A long transcript: the tail settles on its last page (cursor "4").
    store.transcript = ['a', 'b', 'c', 'd', 'e'].map((id, i) => message(id, `2026-11-23T09:0${i}:00Z`));
    await tails.sync(['conv_1']);
    await tails.readDue();

    // The store goes back to a shorter history, then the shopper writes and rates an old reply.
    store.transcript = [message('a', '2026-11-23T09:00:00Z')];
    now += 5_000;
    store.transcript.push(message('new', new Date(now).toISOString()));
    tails.markMoved('conv_1', new Date(now).toISOString());
    await tails.readDue();
    expect(events.map((e) => (e.data as { message: Message }).message.id)).toEqual(['new']);

    store.transcript[0] = message('a', '2026-11-23T09:00:00Z', 2);
    now += DEFAULT_FEED_TIMING.tailRefreshMs + DEFAULT_FEED_TIMING.tailRefreshGapMs;
    await tails.readDue();
    expect(events.at(-1)?.data).toMatchObject({ conversation_id: 'conv_1', message: { id: 'a', rating: 2 } });
  });

  it('a first read reports ratings too: one given before watching began is not lost', async () => {
    const now = Date.parse('2026-11-23T10:00:00Z');
    const { store, get } = fakeStore();
    const log = new MemoryEventLog();
    const events: Message[] = [];
    log.subscribe((event) => events.push((event.data as { message: Message }).message));
    const tails = new TranscriptTails({ log, get, now: () => now, timing: DEFAULT_FEED_TIMING });

    // Old messages: the dashboard loaded them itself. One was rated after that, before the first read.
    store.transcript = [message('a', '2026-11-23T08:00:00Z'), message('b', '2026-11-23T08:01:00Z', 1)];
    await tails.sync(['conv_1']);
    await tails.readDue();

    expect(events.map((m) => [m.id, m.rating])).toEqual([['b', 1]]);
  });
});

describe('TranscriptTails, a store that mints the same ids again', () => {
  it('starts over when a known message comes back with other content, and tells the read model', async () => {
    const { store, get } = fakeStore();
    const log = new MemoryEventLog();
    const folds: { messages: string[]; reset: boolean }[] = [];
    const tails = new TranscriptTails({
      log,
      get,
      now: () => Date.parse('2026-11-23T10:00:00Z'),
      timing: DEFAULT_FEED_TIMING,
      onMessages: (_id, messages, reset) => {
        folds.push({ messages: messages.map((m) => m.content), reset });
        return Promise.resolve();
      },
    });
    store.transcript = [message('a', '2026-11-23T09:00:00Z')];
    tails.model('conv_1', true);
    await tails.readDue();
    // Reset and a new conversation under the same id: message "a" again, with another text.
    store.transcript = [{ ...message('a', '2026-11-23T09:59:00Z'), content: 'another shopper' }];
    tails.markMoved('conv_1', '2026-11-23T09:59:00Z');
    await tails.readDue();
    expect(folds).toEqual([
      { messages: ['text of a'], reset: true },
      { messages: ['another shopper'], reset: true },
    ]);
  });
});

describe('the first pass', () => {
  it('reads the conversations that need a person before the others, within the reads a step allows', async () => {
    const read: string[] = [];
    const get = (target: string) => {
      read.push(new URL(target, 'http://store.test').pathname.split('/')[4]!);
      return Promise.resolve({
        kind: 'ok' as const,
        headers: {},
        body: { data: [], page: { has_more: false } },
      });
    };
    const tails = new TranscriptTails({
      log: new MemoryEventLog(),
      get,
      now: () => Date.parse('2026-11-23T10:00:00Z'),
      timing: DEFAULT_FEED_TIMING,
    });
    // Listed newest first; conv_c and conv_e need a person.
    for (const id of ['conv_a', 'conv_b', 'conv_c', 'conv_d', 'conv_e'])
      tails.model(id, true, true, id === 'conv_c' || id === 'conv_e');
    expect(tails.backfillLeft).toBe(5);

    await tails.readDue(3);
    expect(read).toEqual(['conv_c', 'conv_e', 'conv_a']);
    expect(tails.backfillLeft).toBe(2);
    await tails.readDue(3);
    expect(read).toEqual(['conv_c', 'conv_e', 'conv_a', 'conv_b', 'conv_d']);
    expect(tails.backfillLeft).toBe(0);
  });
});
