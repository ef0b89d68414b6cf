import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PresenceViewer } from '@/schemas/live';
import type { Message } from '@/schemas/message';
import { collisionAlso, collisionQuestion, findCollision, useDraftBaseline } from './collision';

const roster = [
  { id: 'usr_staff1', name: 'Sam Rivera' },
  { id: 'usr_staff2', name: 'Alex Kim' },
  { id: 'usr_staff3', name: 'Jordan Patel' },
];
const me = 'usr_staff1';

function message(
  id: string,
  role: Message['role'],
  author: string | null,
  at: string,
  content = id,
): Message {
  return {
    id,
    conversation_id: 'conv_1',
    content,
    created_at: at,
    role,
    author_user_id: author,
    rating: null,
  };
}
const viewer = (user_id: string, name: string, state: PresenceViewer['state']): PresenceViewer => ({
  user_id,
  name,
  state,
  since: '2026-03-01T10:00:00Z',
});

const before = [
  message('m1', 'user', null, '2026-03-01T10:00:00Z'),
  message('m2', 'assistant', 'usr_staff2', '2026-03-01T10:00:10Z'),
];
const seen = new Set(before.map((item) => item.id));
const check = (over: Partial<Parameters<typeof findCollision>[0]>) =>
  findCollision({ others: [], messages: before, seenIds: seen, selfUserId: me, roster, ...over });

describe('findCollision', () => {
  it('lets a reply go when nobody else is writing and nothing new came from a teammate', () => {
    expect(check({})).toBeNull();
    expect(check({ others: [viewer('usr_staff2', 'Alex Kim', 'viewing')] })).toBeNull();
  });

  it('asks when a teammate is replying now, naming them', () => {
    const warning = check({ others: [viewer('usr_staff2', 'Alex Kim', 'replying')] });
    expect(warning).toEqual({ replying: ['Alex Kim'], replied: null });
    expect(collisionQuestion(warning!)).toBe('Alex Kim is replying right now: send anyway?');
  });

  it('asks when a teammate replied after the draft was begun, with how long ago and what they said', () => {
    const messages = [
      ...before,
      message('m3', 'user', null, '2026-03-01T10:01:00Z'),
      message('m4', 'assistant', 'usr_staff2', '2026-03-01T10:01:40Z', 'We are sending a new one today.'),
    ];
    const warning = check({ messages });
    expect(warning?.replied).toEqual({
      name: 'Alex Kim',
      content: 'We are sending a new one today.',
      createdAt: '2026-03-01T10:01:40Z',
    });
    expect(collisionQuestion(warning!, Date.parse('2026-03-01T10:02:00Z'))).toBe(
      'Alex Kim replied 20 seconds ago: send anyway?',
    );
  });

  it('does not count the bot, the shopper, my own replies or replies I had already seen', () => {
    const messages = [
      ...before,
      message('m3', 'assistant', null, '2026-03-01T10:01:00Z'),
      message('m4', 'user', null, '2026-03-01T10:01:10Z'),
      message('m5', 'assistant', me, '2026-03-01T10:01:20Z'),
    ];
    expect(check({ messages })).toBeNull();
    // Without a baseline (the draft began before the transcript loaded) only presence is asked about.
    expect(
      check({ messages: [...messages, message('m6', 'assistant', 'usr_staff2', 'x')], seenIds: null }),
    ).toBeNull();
  });

  it('names the newest teammate reply and mentions who else is writing', () => {
    const messages = [
      ...before,
      message('m3', 'assistant', 'usr_staff3', '2026-03-01T10:01:00Z'),
      message('m4', 'assistant', 'usr_staff2', '2026-03-01T10:03:00Z'),
    ];
    const warning = check({
      messages,
      others: [
        viewer('usr_staff3', 'Jordan Patel', 'replying'),
        viewer('usr_staff2', 'Alex Kim', 'replying'),
      ],
    })!;
    expect(warning.replied?.name).toBe('Alex Kim');
    expect(collisionQuestion(warning, Date.parse('2026-03-01T10:05:00Z'))).toBe(
      'Alex Kim replied 2 minutes ago: send anyway?',
    );
    expect(collisionAlso(warning)).toBe('Jordan Patel and Alex Kim are also writing a reply right now.');
  });

  it('never says a reply came from the future when the browser clock is behind', () => {
    const warning = check({
      messages: [...before, message('m3', 'assistant', 'usr_staff2', '2026-03-01T10:05:00Z')],
    })!;
    expect(collisionQuestion(warning, Date.parse('2026-03-01T10:04:58Z'))).toBe(
      'Alex Kim replied 0 seconds ago: send anyway?',
    );
  });
});

describe('useDraftBaseline', () => {
  type Props = { hasDraft: boolean; messages: Message[]; isComplete: boolean };
  it('takes the transcript when the draft begins, keeps it while typing, drops it when emptied, and moves it on acknowledge', () => {
    const { result, rerender } = renderHook((props: Props) => useDraftBaseline(props), {
      initialProps: { hasDraft: false, messages: before, isComplete: true },
    });
    expect(result.current.seenIds).toBeNull();

    rerender({ hasDraft: true, messages: before, isComplete: true });
    expect([...result.current.seenIds!]).toEqual(['m1', 'm2']);

    const later = [...before, message('m3', 'assistant', 'usr_staff2', '2026-03-01T10:02:00Z')];
    rerender({ hasDraft: true, messages: later, isComplete: true });
    expect(result.current.seenIds!.has('m3')).toBe(false);

    act(() => result.current.acknowledge());
    expect(result.current.seenIds!.has('m3')).toBe(true);

    rerender({ hasDraft: false, messages: later, isComplete: true });
    expect(result.current.seenIds).toBeNull();
  });

  it('waits for the whole transcript before taking a restored draft’s baseline', () => {
    const { result, rerender } = renderHook((props: Props) => useDraftBaseline(props), {
      initialProps: { hasDraft: true, messages: [] as Message[], isComplete: false },
    });
    expect(result.current.seenIds).toBeNull();
    rerender({ hasDraft: true, messages: before, isComplete: true });
    expect([...result.current.seenIds!]).toEqual(['m1', 'm2']);
  });
});
