import { partialMatchKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { conversationKeys, resourceKeys } from './query-keys';

describe('resourceKeys', () => {
  const keys = resourceKeys<{ kind: string }>('things');

  it('nests each list under lists() and each detail under details(), all under all', () => {
    expect(partialMatchKey(keys.list({ kind: 'a' }), keys.lists())).toBe(true);
    expect(partialMatchKey(keys.detail('t1'), keys.details())).toBe(true);
    expect(partialMatchKey(keys.lists(), keys.all)).toBe(true);
    expect(partialMatchKey(keys.details(), keys.lists())).toBe(false);
  });

  it('tells a detail from what lies under it and from the lists', () => {
    expect(keys.isDetail(keys.detail('t1'))).toBe(true);
    expect(keys.isDetail([...keys.detail('t1'), 'parts'])).toBe(false);
    expect(keys.isDetail(keys.details())).toBe(false);
    expect(keys.isDetail(keys.list({ kind: 'a' }))).toBe(false);
    expect(keys.isDetail(['other', 'detail', 't1'])).toBe(false);
  });
});

describe('conversationKeys', () => {
  it("keeps a conversation's messages under its detail, and only its own", () => {
    expect(partialMatchKey(conversationKeys.messages('conv_1'), conversationKeys.detail('conv_1'))).toBe(
      true,
    );
    expect(partialMatchKey(conversationKeys.messages('conv_1'), conversationKeys.detail('conv_2'))).toBe(
      false,
    );
    expect(conversationKeys.isDetail(conversationKeys.messages('conv_1'))).toBe(false);
  });

  it('keeps the actions apart from lists and details', () => {
    const key = conversationKeys.update();
    expect(partialMatchKey(key, conversationKeys.all)).toBe(true);
    expect(partialMatchKey(key, conversationKeys.lists())).toBe(false);
    expect(partialMatchKey(key, conversationKeys.details())).toBe(false);
  });
});
