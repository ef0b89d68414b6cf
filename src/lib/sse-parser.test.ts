import { describe, expect, it } from 'vitest';
import { createSseParser } from './sse-parser';

describe('createSseParser', () => {
  it('dispatches named events on a blank line and keeps the last id', () => {
    const parser = createSseParser();
    expect(parser.push('id: 7\nevent: conversation\ndata: {"a":1}\n\n')).toEqual([
      { id: '7', event: 'conversation', data: '{"a":1}' },
    ]);
    expect(parser.lastEventId()).toBe('7');
  });

  it('joins data lines, ignores comments, and handles CRLF split across chunks', () => {
    const parser = createSseParser('3');
    expect(parser.push(': heartbeat\r')).toEqual([]);
    expect(parser.push('\ndata: one\r\ndata: two\r')).toEqual([]);
    expect(parser.push('\n\r\n')).toEqual([{ id: '3', event: 'message', data: 'one\ntwo' }]);
  });

  it('waits for the rest of an event cut mid-line, and drops an event without data', () => {
    const parser = createSseParser();
    expect(parser.push('event: ready\n\nid: 9\nevent: pres')).toEqual([]);
    expect(parser.lastEventId()).toBe('9');
    expect(parser.push('ence\ndata: {}\n\n')).toEqual([{ id: '9', event: 'presence', data: '{}' }]);
  });

  it('reads the retry field', () => {
    const parser = createSseParser();
    parser.push('retry: 1500\n\n');
    expect(parser.retryMs()).toBe(1500);
  });
});
