import { isIPv6 } from 'node:net';
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

/** The eight 16-bit groups of an IPv6 address (zone id dropped), or undefined when it is not one. */
function ipv6Groups(address: string): number[] | undefined {
  const bare = address.replace(/%.*$/, '');
  if (!isIPv6(bare)) return undefined;
  let text = bare;
  // A dotted IPv4 tail (::ffff:1.2.3.4) becomes two hex groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::') as [string, string | undefined];
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const front = parse(head);
  if (tail === undefined) return front;
  const back = parse(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * The key the sign-in throttle and the password-check queue count a client under. One IPv6 host usually
 * holds a whole /64 (and can pick any address in it), so IPv6 clients count per /64; an IPv4-mapped IPv6
 * address (a dual-stack socket's view of an IPv4 client) counts as that IPv4 address.
 */
export function addressGroup(address: string): string {
  const groups = ipv6Groups(address);
  if (!groups) return address;
  const isMapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (isMapped) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/**
 * The network a client's address group belongs to: IPv6 per /48 (what one site or customer is usually
 * given), IPv4 per /24. The password-check queue shares out its places among strangers per network, so
 * one holder of many /64s (a /56) or of many nearby IPv4 addresses takes no more places than one client.
 * Never used for counting attempts: that stays per address group.
 */
export function addressNetwork(address: string): string {
  const group = addressGroup(address);
  const groups = ipv6Groups(address);
  if (groups && group.endsWith('/64')) {
    return `${groups
      .slice(0, 3)
      .map((part) => part.toString(16))
      .join(':')}::/48`;
  }
  const ipv4 = /^(\d+)\.(\d+)\.(\d+)\.\d+$/.exec(group);
  return ipv4 ? `${ipv4[1]}.${ipv4[2]}.${ipv4[3]}.0/24` : group;
}
