/** One parsed Server-Sent Event (comments are counted, not kept). */
export interface ParsedEvent {
  id: string | undefined;
  event: string;
  data: unknown;
}

/**
 * Reads an SSE response body incrementally: `next(predicate)` resolves with the first event (after those
 * already consumed) that matches, and `ended()` with true once the server closed the stream.
 */
export function sseReader(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  const events: ParsedEvent[] = [];
  let buffer = '';
  let done = false;
  let comments = 0;
  let consumed = 0;

  const parseBlock = (block: string) => {
    let id: string | undefined;
    let event = 'message';
    const data: string[] = [];
    let comment = false;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) comment = true;
      else if (line.startsWith('id: ')) id = line.slice(4);
      else if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data.push(line.slice(6));
    }
    if (data.length > 0) events.push({ id, event, data: JSON.parse(data.join('\n')) as unknown });
    else if (comment) comments += 1;
  };

  const pump = async (): Promise<void> => {
    const chunk = await reader.read();
    if (chunk.done) {
      done = true;
      return;
    }
    buffer += decoder.decode(chunk.value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) !== -1) {
      parseBlock(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
    }
  };

  return {
    events,
    get comments() {
      return comments;
    },
    /** The next event matching `predicate`; rejects when the stream ends first. */
    async next(predicate: (event: ParsedEvent) => boolean = () => true): Promise<ParsedEvent> {
      for (;;) {
        while (consumed < events.length) {
          const event = events[consumed]!;
          consumed += 1;
          if (predicate(event)) return event;
        }
        if (done) throw new Error(`stream ended; events seen: ${events.map((e) => e.event).join(', ')}`);
        await pump();
      }
    },
    /** Reads until `count` comment heartbeats have arrived; false when the stream ended first. */
    async heartbeats(count: number): Promise<boolean> {
      while (comments < count && !done) await pump();
      return comments >= count;
    },
    /** Reads until the server ends the stream. */
    async ended(): Promise<true> {
      while (!done) await pump();
      return true;
    },
    cancel: () => reader.cancel(),
  };
}
