/**
 * A request body sent in 64 KiB chunks without a Content-Length (chunked), up to `totalBytes`; `sent()`
 * says how much the server pulled before it stopped reading.
 */
export function streamedBody(totalBytes: number): { init: RequestInit; sent: () => number } {
  const chunk = new Uint8Array(64 * 1024).fill(0x78);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= totalBytes) controller.close();
      else {
        sent += chunk.length;
        controller.enqueue(chunk);
      }
    },
  });
  return { init: { body, duplex: 'half' } as RequestInit, sent: () => sent };
}
