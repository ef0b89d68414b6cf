import { beforeEach, describe, expect, it } from 'vitest';
import { readDraft, writeDraft } from './drafts';

const NAME = 'sales-dashboard:reply-draft:usr_staff1:conv_1';

beforeEach(() => localStorage.clear());

describe('reply drafts', () => {
  it('keeps a draft per user and conversation, and removes an emptied one', () => {
    writeDraft('usr_staff1', 'conv_1', 'Hello there');
    expect(readDraft('usr_staff1', 'conv_1')).toBe('Hello there');
    expect(readDraft('usr_staff1', 'conv_2')).toBe('');
    expect(readDraft('usr_staff2', 'conv_1')).toBe('');
    writeDraft('usr_staff1', 'conv_1', '');
    expect(localStorage.getItem(NAME)).toBeNull();
  });

  it('finds a draft stored as bare text by the build before, as it was typed, and keeps it', () => {
    for (const typed of ['Half a reply to the shopper', '{"text":"looks like JSON"}', '42', '"quoted"']) {
      localStorage.setItem(NAME, typed);
      expect(readDraft('usr_staff1', 'conv_1')).toBe(typed);
      // Stored again in the current format: read a second time, it is the same text.
      expect(localStorage.getItem(NAME)).not.toBe(typed);
      expect(readDraft('usr_staff1', 'conv_1')).toBe(typed);
    }
  });
});
