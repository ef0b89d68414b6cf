/** A simulated dashboard for `npm run bench:live`: a session, one SSE stream, presence heartbeats. */
export interface LiveClient {
  /** key (message id, or `conv:<id>` for an escalation) -> when it arrived (performance.now()). */
  arrivals: Map<string, number>;
  /** Keys that arrived in a replay after a reconnect (their latency includes the cut). */
  replayed: Set<string>;
  /** [cut, ready again] (performance.now()): writes in there reach this client by the resume, not live. */
  cuts: [number, number][];
  reconnects: number;
  ready: Promise<void>;
  /** Cuts the stream and reconnects after `pauseMs` with Last-Event-ID. */
  drop(pauseMs: number): void;
  close(): void;
}

interface StreamEvent {
  id?: string;
  event: string;
  data: string;
}

export function openLiveClient(
  bffUrl: string,
  cookie: string,
  onError: (message: string) => void,
): LiveClient {
  const arrivals = new Map<string, number>();
  const replayed = new Set<string>();
  let replaying = false;
  let lastId: string | undefined;
  let controller = new AbortController();
  let closed = false;
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const client: LiveClient = {
    arrivals,
    replayed,
    cuts: [],
    reconnects: 0,
    ready,
    drop(pauseMs) {
      client.cuts.push([performance.now(), Number.POSITIVE_INFINITY]);
      controller.abort();
      setTimeout(() => {
        if (closed) return;
        client.reconnects += 1;
        replaying = true;
        void connect();
      }, pauseMs);
    },
    close() {
      closed = true;
      controller.abort();
    },
  };

  const handle = (event: StreamEvent) => {
    if (event.id !== undefined) lastId = event.id;
    const now = performance.now();
    const arrive = (key: string) => {
      if (arrivals.has(key)) return;
      arrivals.set(key, now);
      if (replaying) replayed.add(key);
    };
    if (event.event === 'ready') {
      const cut = client.cuts.at(-1);
      if (cut && cut[1] === Number.POSITIVE_INFINITY) cut[1] = now;
      replaying = false;
      markReady();
    } else if (event.event === 'resync') onError('resync received: events would have been lost');
    else if (event.event === 'message') {
      const { message } = JSON.parse(event.data) as { message: { id: string } };
      arrive(message.id);
    } else if (event.event === 'conversation') {
      const conversation = JSON.parse(event.data) as { id: string; handoff_state: string };
      if (conversation.handoff_state === 'human') arrive(`conv:${conversation.id}`);
    }
  };

  const connect = async () => {
    controller = new AbortController();
    const signal = controller.signal;
    try {
      const response = await fetch(`${bffUrl}/bff/events`, {
        headers: { cookie, 'x-csrf': '1', ...(lastId ? { 'last-event-id': lastId } : {}) },
        signal,
      });
      if (response.status !== 200) {
        onError(`stream answered ${response.status}`);
        return;
      }
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) break;
        buffer += decoder.decode(chunk.value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: StreamEvent = { event: 'message', data: '' };
          for (const line of block.split('\n')) {
            if (line.startsWith('id: ')) event.id = line.slice(4);
            else if (line.startsWith('event: ')) event.event = line.slice(7);
            else if (line.startsWith('data: ')) event.data = line.slice(6);
          }
          if (event.data !== '') handle(event);
        }
      }
      if (!closed && !signal.aborted) onError('stream ended by the server');
    } catch (error) {
      if (!signal.aborted) onError(`stream failed: ${(error as Error).message}`);
    }
  };
  void connect();
  return client;
}
