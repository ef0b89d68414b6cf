import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../schemas/live.ts';
import { MemoryEventLog } from './event-log.ts';
import { SseStream } from './sse-stream.ts';

const presence = (conversationId: string) => ({ conversation_id: conversationId, viewers: [] });

describe('the memory event log', () => {
  it('reads what came after an id, nothing after the head, and undefined for ids it does not hold', async () => {
    const log = new MemoryEventLog(3);
    const empty = await log.headId();
    expect(await log.readSince(empty)).toEqual([]);
    const events: LiveEvent[] = [];
    for (const id of ['a', 'b', 'c', 'd']) events.push(await log.append('config', { updated_at: id }));
    expect(await log.readSince(events[1]!.id)).toEqual(events.slice(2));
    expect(await log.readSince(await log.headId())).toEqual([]);
    // Capacity 3: after `a` there are b, c, d, all held; after `empty` `a` would be needed too.
    expect(await log.readSince(events[0]!.id)).toEqual(events.slice(1));
    expect(await log.readSince(empty)).toBeUndefined();
    expect(await log.readSince('not-an-id')).toBeUndefined();
    expect(await log.readSince(`${events[0]!.id.split('-')[0]}-99`)).toBeUndefined();
  });
});

async function text(stream: SseStream): Promise<string> {
  stream.close('test');
  return stream.response.text();
}

describe('an SSE stream', () => {
  it('delivers an event held while it opened even when ready carries the same id', async () => {
    const stream = new SseStream({ 'content-type': 'text/event-stream' });
    const held: LiveEvent = { id: 'e-7', name: 'presence', data: presence('conv_1') };
    stream.deliver(held);
    stream.writeOwn({ id: 'e-7', name: 'ready', data: {} });
    stream.release();
    const body = await text(stream);
    expect(body).toContain('event: ready');
    expect(body).toContain('event: presence');
  });

  it('does not repeat a held event the replay already wrote', async () => {
    const stream = new SseStream({ 'content-type': 'text/event-stream' });
    const event: LiveEvent = { id: 'e-8', name: 'presence', data: presence('conv_2') };
    stream.deliver(event);
    stream.writeReplayed(event);
    stream.release();
    expect((await text(stream)).match(/event: presence/g)).toHaveLength(1);
  });
});
