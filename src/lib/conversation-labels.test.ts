import { describe, expect, it } from 'vitest';
import { assigneeName, channelLabel, rosterName, shopperName } from './conversation-labels';

const roster = [{ id: 'usr_staff2', name: 'Alex Kim' }];

describe('conversation labels', () => {
  it('names the shopper: the name, then the email, then an anonymous label', () => {
    expect(shopperName({ display_name: 'Dana Lee', email: 'dana@example.com' })).toBe('Dana Lee');
    expect(shopperName({ display_name: '  ', email: 'dana@example.com' })).toBe('dana@example.com');
    expect(shopperName({ display_name: null, email: null })).toBe('Anonymous shopper');
  });

  it('names store users from the roster and keeps an unknown id as it is', () => {
    expect(rosterName('usr_staff2', roster)).toBe('Alex Kim');
    expect(rosterName('usr_gone', roster)).toBe('usr_gone');
    expect(assigneeName(null, roster)).toBeNull();
  });

  it('labels channels, showing a channel the API adds later as it is', () => {
    expect(channelLabel('messaging_a')).toBe('Messaging A');
    expect(channelLabel('messaging_c')).toBe('messaging_c');
  });
});
