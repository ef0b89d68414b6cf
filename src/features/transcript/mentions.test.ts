import { describe, expect, it } from 'vitest';
import { insertMention, matchingMembers, mentionAt, mentionedIn } from './mentions';

const roster = [
  { id: 'usr_owner', name: 'Morgan Lee' },
  { id: 'usr_staff1', name: 'Sam Rivera' },
  { id: 'usr_staff2', name: 'Alex Kim' },
];

describe('mentions in a note', () => {
  it('finds the @ typed at the start of a word, not inside an email address', () => {
    expect(mentionAt('ask @al', 7)).toEqual({ start: 4, query: 'al' });
    expect(mentionAt('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionAt('ask @Alex K', 11)).toEqual({ start: 4, query: 'Alex K' });
    expect(mentionAt('mail kim@example.com', 20)).toBeNull();
    // Past a second word it is a sentence, not a name.
    expect(mentionAt('ask @al then go', 15)).toBeNull();
  });

  it('offers the teammates whose name or a word of it starts with what was typed', () => {
    expect(matchingMembers(roster, 'ki').map((member) => member.id)).toEqual(['usr_staff2']);
    expect(matchingMembers(roster, '').length).toBe(3);
    expect(matchingMembers(roster, 'alex k').map((member) => member.id)).toEqual(['usr_staff2']);
    expect(matchingMembers(roster, 'zed')).toEqual([]);
    expect(matchingMembers(roster, 'al then')).toEqual([]);
  });

  it('inserts the chosen name in place of what was typed and keeps the rest', () => {
    expect(insertMention('ask @al about it', 4, 7, 'Alex Kim')).toEqual({
      text: 'ask @Alex Kim  about it',
      caret: 14,
    });
  });

  it('mentions only those whose @Name is still in the text', () => {
    expect(mentionedIn('@Alex Kim and @Sam Rivera', roster)).toEqual(['usr_staff1', 'usr_staff2']);
    expect(mentionedIn('Alex Kim, no at sign', roster)).toEqual([]);
  });
});
