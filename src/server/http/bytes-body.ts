/**
 * Node's Buffers are backed by plain ArrayBuffers; TypeScript's DOM types cannot know that. Passing the
 * Buffer itself (no copy) keeps @hono/node-server on its fast path that writes the bytes directly.
 */
export const bytesBody = (buffer: Buffer): Uint8Array<ArrayBuffer> => buffer as Uint8Array<ArrayBuffer>;
