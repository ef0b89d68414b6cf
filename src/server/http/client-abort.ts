import type { Context } from 'hono';
import type { AppEnv } from './app-env.ts';

/**
 * True when an error comes from the client going away mid-request (an upload cut short, a closed tab):
 * Node then fails the body stream with ECONNRESET "aborted" and the request's signal is aborted. Under
 * app.request() in tests there is no socket; the request's own signal tells.
 */
export function isClientAbort(error: unknown, c: Context<AppEnv>): boolean {
  const incoming = c.env?.incoming;
  if (incoming?.readableAborted || incoming?.aborted) return true;
  if (c.req.raw.signal.aborted) return true;
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ECONNRESET';
}
