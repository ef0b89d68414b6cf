/**
 * A Server-Sent Events parser for a stream read with fetch (the live stream needs `X-CSRF: 1`, which
 * `EventSource` cannot send). Follows the WHATWG rules: lines end in LF, CR or CRLF; `data` lines join
 * with LF; a blank line dispatches; comment lines (`:`) are heartbeats; an event without data is dropped;
 * `id` persists across events (it is the Last-Event-ID to resume from).
 */

export type SseMessage = { id: string; event: string; data: string };

export type SseParser = {
  /** Feeds decoded text; returns the events it completed. */
  push: (text: string) => SseMessage[];
  /** The last `id` seen, '' before any. */
  lastEventId: () => string;
  /** The last `retry` field, if any (milliseconds). */
  retryMs: () => number | null;
};

export function createSseParser(initialLastEventId = ''): SseParser {
  let buffer = '';
  let lastId = initialLastEventId;
  let retry: number | null = null;
  let event = '';
  let data: string[] = [];
  let hasData = false;
  // A CR at the end of a chunk may be the first half of a CRLF split across chunks.
  let pendingCr = false;

  const dispatch = (out: SseMessage[]) => {
    if (hasData) out.push({ id: lastId, event: event === '' ? 'message' : event, data: data.join('\n') });
    event = '';
    data = [];
    hasData = false;
  };

  const line = (text: string, out: SseMessage[]) => {
    if (text === '') {
      dispatch(out);
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        event = value;
        break;
      case 'data':
        data.push(value);
        hasData = true;
        break;
      case 'id':
        if (!value.includes('\0')) lastId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) retry = Number(value);
        break;
      default:
      // Unknown fields are ignored, as the standard says.
    }
  };

  return {
    push(text) {
      const out: SseMessage[] = [];
      let input = text;
      if (pendingCr && input.startsWith('\n')) input = input.slice(1);
      pendingCr = false;
      buffer += input;
      let start = 0;
      for (let index = 0; index < buffer.length; index += 1) {
        const char = buffer[index];
        if (char !== '\n' && char !== '\r') continue;
        line(buffer.slice(start, index), out);
        if (char === '\r') {
          if (index + 1 === buffer.length) pendingCr = true;
          else if (buffer[index + 1] === '\n') index += 1;
        }
        start = index + 1;
      }
      buffer = buffer.slice(start);
      return out;
    },
    lastEventId: () => lastId,
    retryMs: () => retry,
  };
}
