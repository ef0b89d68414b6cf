import type { Context } from 'hono';
import type { AppEnv } from './app-env.ts';

/**
 * The client's address, for sign-in throttling. With no trusted proxy it is the TCP peer, and
 * X-Forwarded-For is ignored (anyone can send it). Behind `hops` reverse proxies that each append the
 * address they saw, the client is the entry `hops` from the right: what the outermost trusted proxy saw.
 * Entries further left were written by the client and are never trusted.
 */
export function clientAddress(hops: number): (c: Context<AppEnv>) => string {
  return (c) => {
    const peer = c.env?.incoming?.socket?.remoteAddress ?? 'unknown';
    if (hops === 0) return peer;
    const forwarded = (c.req.header('x-forwarded-for') ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
    return forwarded[forwarded.length - hops] ?? peer;
  };
}
