import type { LiveEvent } from '../../schemas/live.ts';

const encoder = new TextEncoder();

/** A client that stops reading is cut off past this much unsent data; it resumes with Last-Event-ID. */
const MAX_BACKLOG_BYTES = 1024 * 1024;

export function formatEvent(event: Pick<LiveEvent, 'id' | 'name' | 'data'>, retryMs?: number): string {
  const retry = retryMs === undefined ? '' : `retry: ${retryMs}\n`;
  // A live-only event (presence) has no id: without an `id:` line the client keeps the last one it had,
  // so it resumes from the conversation log (an empty `id:` line would reset it).
  const id = event.id === '' ? '' : `id: ${event.id}\n`;
  // JSON.stringify never emits a raw newline, so the data fits on one `data:` line.
  return `${retry}${id}event: ${event.name}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/** Every stream sends the same bytes for a live event: encode each one once, not once per stream. */
const encoded = new WeakMap<object, Uint8Array>();
function encodedEvent(event: LiveEvent): Uint8Array {
  let bytes = encoded.get(event);
  if (!bytes) {
    bytes = encoder.encode(formatEvent(event));
    encoded.set(event, bytes);
  }
  return bytes;
}

/**
 * One Server-Sent Events response. Events that arrive before the replay is written are held and then
 * delivered once each (by id). `onClose` runs exactly once: on close(), on a client disconnect (the body is
 * cancelled) or when the client falls too far behind.
 */
export class SseStream {
  readonly response: Response;
  private controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  private closed = false;
  private held: LiveEvent[] | undefined = [];
  private readonly written = new Set<string>();
  private onClose: ((reason: string) => void) | undefined;

  constructor(headers: Record<string, string>) {
    const body = new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          this.controller = controller;
        },
        cancel: () => this.finish('client_disconnected'),
      },
      new ByteLengthQueuingStrategy({ highWaterMark: 64 * 1024 }),
    );
    this.response = new Response(body, { status: 200, headers });
  }

  get isClosed(): boolean {
    return this.closed;
  }

  whenClosed(listener: (reason: string) => void): void {
    this.onClose = listener;
  }

  private write(text: string | Uint8Array): void {
    if (this.closed || !this.controller) return;
    this.controller.enqueue(typeof text === 'string' ? encoder.encode(text) : text);
    if ((this.controller.desiredSize ?? 0) < -MAX_BACKLOG_BYTES) this.close('client_too_slow');
  }

  /** An event of the replay: written at once, and not again if it is also among the held ones. */
  writeReplayed(event: LiveEvent): void {
    this.written.add(event.id);
    this.write(encodedEvent(event));
  }

  /**
   * A per-connection event (ready, resync): written at once. Its id is the head's, which may also be the id
   * of a held event (appended while the stream opened): that event is still delivered.
   */
  writeOwn(event: Pick<LiveEvent, 'id' | 'name' | 'data'>, retryMs?: number): void {
    this.write(formatEvent(event, retryMs));
  }

  /** A live event from the log: held until release(), then written unless the replay already had it. */
  deliver(event: LiveEvent): void {
    if (this.held) this.held.push(event);
    else this.write(encodedEvent(event));
  }

  /** Forgets held events that something written since replaces (presence, by the snapshot). */
  dropHeld(replaced: (event: LiveEvent) => boolean): void {
    if (this.held) this.held = this.held.filter((event) => !replaced(event));
  }

  /** Ends the replay: what was held is written (without repeats) and later events go straight out. */
  release(): void {
    const held = this.held ?? [];
    this.held = undefined;
    for (const event of held) if (!this.written.has(event.id)) this.write(encodedEvent(event));
    this.written.clear();
  }

  comment(text: string): void {
    this.write(`: ${text}\n\n`);
  }

  close(reason: string): void {
    if (this.closed) return;
    try {
      this.controller?.close();
    } catch {
      // Already errored or cancelled by the client.
    }
    this.finish(reason);
  }

  private finish(reason: string): void {
    if (this.closed) return;
    this.closed = true;
    this.held = undefined;
    this.onClose?.(reason);
  }
}
