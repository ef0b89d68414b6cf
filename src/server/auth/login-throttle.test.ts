import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryLoginThrottle, type LoginThrottle, type ThrottleVerdict } from './login-throttle.ts';

const WINDOW = 15 * 60_000;

/** Counts a failed sign-in (the attempt is kept) and returns the verdict. */
const fail = (throttle: LoginThrottle, email: string, address: string) => throttle.begin(email, address);

function refused(verdict: ThrottleVerdict) {
  return verdict.allowed ? undefined : verdict;
}

async function failTimes(
  throttle: LoginThrottle,
  times: number,
  email: (i: number) => string,
  address: string,
) {
  for (let i = 0; i < times; i += 1) expect((await fail(throttle, email(i), address)).allowed).toBe(true);
}

beforeEach(() => {
  // rate-limiter-flexible's memory store reads Date.now and expires keys with setTimeout.
  vi.useFakeTimers({
    toFake: ['Date', 'setTimeout', 'clearTimeout'],
    now: Date.parse('2026-11-01T10:00:00Z'),
  });
});
afterEach(() => vi.useRealTimers());

describe('memory login throttle', () => {
  it('refuses a sixth attempt on one email from one address, but not the same email from another address', async () => {
    const throttle = memoryLoginThrottle();
    await failTimes(throttle, 5, () => 'owner@example.com', '198.51.100.7');
    const blocked = refused(await throttle.begin('owner@example.com', '198.51.100.7'));
    expect(blocked).toMatchObject({ scope: 'address_and_email' });
    expect(blocked!.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(blocked!.retryAfterSeconds).toBeLessThanOrEqual(WINDOW / 1000);
    // The owner, elsewhere, is not locked out by the stranger's failures.
    expect((await throttle.begin('owner@example.com', '203.0.113.20')).allowed).toBe(true);
  });

  it('lets the address try that email again once the window has passed', async () => {
    const throttle = memoryLoginThrottle();
    await failTimes(throttle, 5, () => 'owner@example.com', '198.51.100.7');
    expect((await throttle.begin('owner@example.com', '198.51.100.7')).allowed).toBe(false);
    vi.advanceTimersByTime(WINDOW);
    expect((await throttle.begin('owner@example.com', '198.51.100.7')).allowed).toBe(true);
  });

  it('keeps a per-address budget against spraying many accounts', async () => {
    const throttle = memoryLoginThrottle();
    await failTimes(throttle, 20, (i) => `user${i}@example.com`, '198.51.100.7');
    expect(refused(await throttle.begin('fresh@example.com', '198.51.100.7'))).toMatchObject({
      scope: 'address',
    });
    expect((await throttle.begin('fresh@example.com', '198.51.100.8')).allowed).toBe(true);
  });

  it('a success clears its pair and gives back only its own attempt to the address', async () => {
    const throttle = memoryLoginThrottle();
    await failTimes(throttle, 4, () => 'staff@example.com', '198.51.100.7');
    const right = await throttle.begin('staff@example.com', '198.51.100.7');
    if (!right.allowed) throw new Error('expected the fifth attempt to be allowed');
    await right.attempt.succeeded();
    // The pair starts afresh: five more attempts on it are allowed.
    await failTimes(throttle, 5, () => 'staff@example.com', '198.51.100.7');
    // The address kept its 9 failures: 11 more reach the budget of 20, the next is refused.
    await failTimes(throttle, 11, (i) => `other${i}@example.com`, '198.51.100.7');
    expect(refused(await throttle.begin('last@example.com', '198.51.100.7'))).toMatchObject({
      scope: 'address',
    });
  });

  it('counts IPv6 clients per /64 and IPv4-mapped addresses as IPv4', async () => {
    const throttle = memoryLoginThrottle();
    for (let i = 1; i <= 5; i += 1)
      await fail(throttle, 'owner@example.com', `2001:db8:5:6::${i.toString(16)}`);
    expect((await throttle.begin('owner@example.com', '2001:db8:5:6:ffff::1')).allowed).toBe(false);
    expect((await throttle.begin('owner@example.com', '2001:db8:5:7::1')).allowed).toBe(true);

    await failTimes(throttle, 5, () => 'staff@example.com', '::ffff:198.51.100.9');
    expect((await throttle.begin('staff@example.com', '198.51.100.9')).allowed).toBe(false);
  });

  it('cannot be flushed: a full store refuses new clients and forgets no one', async () => {
    const throttle = memoryLoginThrottle(undefined, 40);
    await failTimes(throttle, 5, () => 'owner@example.com', '198.51.100.7');

    // One address spraying junk emails stops at its budget, so it holds at most 21 keys.
    const spray: ThrottleVerdict[] = [];
    for (let i = 0; i < 100; i += 1) spray.push(await throttle.begin(`junk${i}@example.com`, '192.0.2.1'));
    expect(spray.filter((verdict) => verdict.allowed)).toHaveLength(20);
    expect(refused(spray.at(-1)!)).toMatchObject({ scope: 'address' });

    // Many addresses fill the store; then newcomers are refused instead of old records being dropped.
    const scopes: string[] = [];
    for (let i = 0; i < 50; i += 1) {
      const verdict = await throttle.begin(`junk${i}@example.com`, `192.0.2.${i + 10}`);
      scopes.push(verdict.allowed ? 'allowed' : verdict.scope);
    }
    expect(scopes).toContain('capacity');
    expect(refused(await throttle.begin('owner@example.com', '198.51.100.7'))).toMatchObject({
      scope: 'address_and_email',
    });
    // Records expire with their window, and the room comes back.
    vi.advanceTimersByTime(WINDOW);
    expect((await throttle.begin('owner@example.com', '203.0.113.20')).allowed).toBe(true);
  });
});
