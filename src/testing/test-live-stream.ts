import { http, HttpResponse } from 'msw';
import type { LiveEventData, LiveEventName, PresenceUpdate } from '@/schemas/live';
import { presenceUpdateSchema } from '@/schemas/live';

/**
 * The test BFF's live hub (`GET /bff/events`, `PUT /bff/presence`) for component tests: a real SSE
 * stream with ids, replay from `Last-Event-ID`, `ready` on every connect, and controls to push an event
 * or cut every open stream. `available: false` answers 503, as a proxy that blocks streams would.
 */
export function createTestLiveStream(options: {
  available: boolean;
  isSignedIn: () => boolean;
  csrfOk: (request: Request) => boolean;
}) {
  const encoder = new TextEncoder();
  const streams = new Set<ReadableStreamDefaultController<Uint8Array>>();
  const sent: { id: number; text: string }[] = [];
  let sequence = 0;
  const connects: { lastEventId: string | null }[] = [];
  const presence: PresenceUpdate[] = [];

  const frame = (id: number, name: string, data: unknown) =>
    `id: ${id}\nevent: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

  const refuse = (status: number, code: string, message: string) =>
    HttpResponse.json({ error: { code, message } }, { status });

  const handlers = [
    http.get('/bff/events', ({ request }) => {
      if (!options.csrfOk(request)) return refuse(403, 'csrf_failed', 'The request lacks the X-CSRF header.');
      if (!options.isSignedIn()) return refuse(401, 'session_required', 'Sign in to continue.');
      if (!options.available) return refuse(503, 'live_unavailable', 'Live updates are not available.');
      const lastEventId = request.headers.get('last-event-id');
      connects.push({ lastEventId });
      let own: ReadableStreamDefaultController<Uint8Array> | null = null;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          own = controller;
          streams.add(controller);
          const from = lastEventId === null ? sequence : Number(lastEventId);
          for (const event of sent) if (event.id > from) controller.enqueue(encoder.encode(event.text));
          controller.enqueue(encoder.encode(frame(sequence, 'ready', { retry_ms: 10 })));
        },
        cancel() {
          if (own) streams.delete(own);
        },
      });
      return new HttpResponse(body, {
        headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' },
      });
    }),
    http.put('/bff/presence', async ({ request }) => {
      if (!options.csrfOk(request)) return refuse(403, 'csrf_failed', 'The request lacks the X-CSRF header.');
      if (!options.isSignedIn()) return refuse(401, 'session_required', 'Sign in to continue.');
      const parsed = presenceUpdateSchema.safeParse(await request.json().catch(() => null));
      if (!parsed.success) return refuse(400, 'invalid_body', 'Send conversation_id and state.');
      presence.push(parsed.data);
      return new HttpResponse(null, { status: 204 });
    }),
  ];

  return {
    handlers,
    /** Every connect, oldest first, with the Last-Event-ID it sent. */
    connects,
    /** Every presence heartbeat, oldest first. */
    presence,
    openStreams: () => streams.size,
    /** Sends an event to every open stream (and keeps it for replay). */
    emit<K extends LiveEventName>(name: K, data: LiveEventData[K]) {
      sequence += 1;
      const text = frame(sequence, name, data);
      sent.push({ id: sequence, text });
      for (const controller of streams) controller.enqueue(encoder.encode(text));
    },
    /** Keeps an event for replay without sending it: it happened while the stream was cut. */
    emitWhileCut<K extends LiveEventName>(name: K, data: LiveEventData[K]) {
      sequence += 1;
      sent.push({ id: sequence, text: frame(sequence, name, data) });
    },
    /** Cuts every open stream, as a network drop would. */
    drop() {
      for (const controller of streams) controller.error(new TypeError('network error'));
      streams.clear();
    },
  };
}
