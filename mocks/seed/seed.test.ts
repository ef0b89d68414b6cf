import { describe, expect, it } from 'vitest';
import { CHANNELS } from '../../src/schemas/conversation.ts';
import { conversationSchema } from '../../src/schemas/conversation.ts';
import { messageSchema } from '../../src/schemas/message.ts';
import { createSimulator } from '../simulator.ts';
import { OTHER_OWNER, manualClock, simClient, walk } from '../testing/sim-client.ts';
import { DEMO_ROSTER } from './people.ts';

describe('seed', () => {
  it('has at least 60 conversations over every channel, state and assignee of the demo roster', async () => {
    const client = simClient();
    const conversations = await walk(client, '/api/v1/agent-conversations?limit=100', conversationSchema);
    expect(conversations.length).toBeGreaterThanOrEqual(60);
    const seen = (pick: (conversation: (typeof conversations)[number]) => unknown) =>
      new Set(conversations.map(pick));
    expect(seen((c) => c.channel)).toEqual(new Set(CHANNELS));
    expect(seen((c) => c.status)).toEqual(new Set(['active', 'closed']));
    expect(seen((c) => c.handoff_state)).toEqual(new Set(['bot', 'human']));
    expect(seen((c) => c.currency)).toEqual(new Set(['EUR', 'USD', 'GBP']));
    expect(seen((c) => c.assigned_to)).toEqual(new Set([null, ...DEMO_ROSTER.map((member) => member.id)]));
    for (const status of ['active', 'closed']) {
      for (const state of ['bot', 'human']) {
        for (const channel of CHANNELS) {
          expect(
            conversations.some(
              (c) => c.status === status && c.handoff_state === state && c.channel === channel,
            ),
            `${status}/${state}/${channel}`,
          ).toBe(true);
        }
      }
    }
    expect(conversations.some((c) => c.display_name === null && c.email === null)).toBe(true);
    expect(conversations.some((c) => c.email?.endsWith('@example.com'))).toBe(true);
  });

  it('has long transcripts, shopper ratings (low ones too), staff replies and product prices', async () => {
    const client = simClient();
    const conversations = await walk(client, '/api/v1/agent-conversations?limit=100', conversationSchema);
    const transcripts = await Promise.all(
      conversations.map((c) =>
        walk(client, `/api/v1/agent-conversations/${c.id}/messages?limit=100`, messageSchema),
      ),
    );
    expect(transcripts.filter((messages) => messages.length >= 30).length).toBeGreaterThanOrEqual(3);
    const messages = transcripts.flat();
    const ratings = messages.flatMap((message) => (message.rating === null ? [] : [message]));
    expect(ratings.every((message) => message.role === 'assistant')).toBe(true);
    expect(ratings.some((message) => message.rating !== null && message.rating <= 2)).toBe(true);
    expect(ratings.some((message) => message.rating === 5)).toBe(true);
    const staff = messages.filter((message) => message.author_user_id !== null);
    expect(staff.length).toBeGreaterThan(0);
    expect(staff.every((message) => message.role === 'assistant')).toBe(true);
    expect(messages.some((message) => /(€|\$|£)\d+\.\d{2}/.test(message.content))).toBe(true);
    expect(messages.some((message) => message.content.includes('Merino Crew Sweater'))).toBe(true);
  });

  it('keeps every seeded time in the past of the clock and every update at or after creation', async () => {
    const clock = manualClock();
    const client = simClient({ now: clock.now });
    const now = clock.now().getTime();
    for (const key of [undefined, OTHER_OWNER]) {
      const conversations = await walk(client, '/api/v1/agent-conversations?limit=100', conversationSchema, {
        key,
      });
      for (const conversation of conversations) {
        expect(Date.parse(conversation.updated_at)).toBeLessThan(now);
        expect(Date.parse(conversation.updated_at)).toBeGreaterThanOrEqual(
          Date.parse(conversation.created_at),
        );
      }
    }
  });

  it('is deterministic: the same clock gives the same stores', () => {
    const clock = manualClock();
    const snapshot = (sim: ReturnType<typeof createSimulator>) =>
      JSON.stringify(
        [...sim.state.stores.values()].map((store) => [
          store.id,
          [...store.conversations.values()],
          [...store.messages.values()],
        ]),
      );
    const first = createSimulator({ now: clock.now });
    const second = createSimulator({ now: clock.now });
    expect(snapshot(first)).toBe(snapshot(second));
    first.reset();
    expect(snapshot(first)).toBe(snapshot(second));
  });

  it('gives store_other its own roster, config and conversations', async () => {
    const client = simClient();
    const conversations = await walk(client, '/api/v1/agent-conversations', conversationSchema, {
      key: OTHER_OWNER,
    });
    expect(conversations.length).toBeGreaterThan(0);
    const assignees = new Set(conversations.map((c) => c.assigned_to).filter((id) => id !== null));
    expect([...assignees].every((id) => id?.startsWith('usr_nw_'))).toBe(true);
  });
});
