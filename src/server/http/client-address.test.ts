import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from './app-env.ts';
import { addressGroup, addressNetwork, clientAddress } from './client-address.ts';

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

describe('address group for throttling', () => {
  it('counts IPv6 clients per /64, whatever the spelling, and IPv4-mapped IPv6 as the IPv4 address', () => {
    expect(addressGroup('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(addressGroup('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressGroup('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressGroup('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressGroup('::ffff:cb00:7109')).toBe('203.0.113.9');
    expect(addressGroup('203.0.113.9')).toBe('203.0.113.9');
    expect(addressGroup('::1')).toBe('0:0:0:0::/64');
    expect(addressGroup('unknown')).toBe('unknown');
  });
});

describe('addressNetwork', () => {
  it('takes IPv6 per /48 and IPv4 (also IPv4-mapped) per /24', () => {
    expect(addressNetwork('2001:db8:7:ff00::1')).toBe('2001:db8:7::/48');
    expect(addressNetwork('2001:db8:7:1::1')).toBe('2001:db8:7::/48');
    expect(addressNetwork('198.51.100.7')).toBe('198.51.100.0/24');
    expect(addressNetwork('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
    expect(addressNetwork('unknown')).toBe('unknown');
  });
});
