import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from './app-env.ts';
import { clientAddress } from './client-address.ts';

function appFor(hops: number) {
  const app = new Hono<AppEnv>();
  const address = clientAddress(hops);
  app.get('/', (c) => c.text(address(c)));
  return app;
}
const peer = { incoming: { socket: { remoteAddress: '10.0.0.1' } } } as unknown as AppEnv['Bindings'];
async function ask(hops: number, forwardedFor?: string): Promise<string> {
  const headers: Record<string, string> = forwardedFor ? { 'x-forwarded-for': forwardedFor } : {};
  const response = await appFor(hops).request('/', { headers }, peer);
  return response.text();
}

describe('client address for sign-in throttling', () => {
  it('uses the TCP peer and ignores X-Forwarded-For without a trusted proxy', async () => {
    expect(await ask(0, '203.0.113.9')).toBe('10.0.0.1');
  });

  it('behind trusted proxies, takes the entry the outermost one appended, never the client-written ones', async () => {
    expect(await ask(1, 'spoofed, 203.0.113.9')).toBe('203.0.113.9');
    expect(await ask(2, 'spoofed, 203.0.113.9, 10.0.0.2')).toBe('203.0.113.9');
    expect(await ask(1)).toBe('10.0.0.1');
  });
});
