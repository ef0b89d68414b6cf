import { describe, expect, it } from 'vitest';
import { WorkLimiter } from './work-limiter.ts';

/** A task that runs until released, recording the order tasks started in. */
function gatedTasks() {
  const started: string[] = [];
  const releases: (() => void)[] = [];
  let running = 0;
  let peak = 0;
  const task = (name: string) => async () => {
    started.push(name);
    running += 1;
    peak = Math.max(peak, running);
    await new Promise<void>((resolve) => releases.push(resolve));
    running -= 1;
    return name;
  };
  /** Releases the oldest running task and lets the next one start. */
  const releaseOne = async () => {
    releases.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { started, task, releaseOne, peak: () => peak };
}

describe('WorkLimiter', () => {
  it('runs at most N tasks at once and refuses beyond the queue', async () => {
    const limiter = new WorkLimiter({ maxConcurrent: 1, maxQueued: 1 });
    const gate = gatedTasks();
    const first = limiter.run('a', gate.task('first'));
    const second = limiter.run('b', gate.task('second'));
    expect(await limiter.run('c', gate.task('third'))).toBeUndefined();
    await gate.releaseOne();
    await gate.releaseOne();
    expect(await first).toEqual({ value: 'first' });
    expect(await second).toEqual({ value: 'second' });
    expect(gate.peak()).toBe(1);
  });

  it('gives one address at most its share of the queue, so a flood cannot keep others out', async () => {
    const limiter = new WorkLimiter({ maxConcurrent: 1, maxQueued: 8, maxQueuedPerKey: 2 });
    const gate = gatedTasks();
    const flood = Array.from({ length: 10 }, (_, i) => limiter.run('attacker', gate.task(`attacker-${i}`)));
    const honest = limiter.run('office', gate.task('office'));
    // One running and two queued for the attacker; the other seven are refused at once.
    const refusedAtOnce = await Promise.all(flood.slice(3));
    expect(refusedAtOnce.every((result) => result === undefined)).toBe(true);
    for (let i = 0; i < 4; i += 1) await gate.releaseOne();
    expect(await honest).toEqual({ value: 'office' });
  });

  it('hands freed slots to addresses in turn, not in arrival order', async () => {
    const limiter = new WorkLimiter({ maxConcurrent: 1, maxQueued: 8, maxQueuedPerKey: 3 });
    const gate = gatedTasks();
    const all = [
      limiter.run('a', gate.task('a0')),
      limiter.run('a', gate.task('a1')),
      limiter.run('a', gate.task('a2')),
      limiter.run('a', gate.task('a3')),
      limiter.run('b', gate.task('b1')),
      limiter.run('c', gate.task('c1')),
    ];
    for (let i = 0; i < 6; i += 1) await gate.releaseOne();
    await Promise.all(all);
    expect(gate.started).toEqual(['a0', 'a1', 'b1', 'c1', 'a2', 'a3']);
  });
});

describe('WorkLimiter priorities', () => {
  it('serves higher priorities first and lets them displace the newest lowest waiter from a full queue', async () => {
    const limiter = new WorkLimiter({ maxConcurrent: 1, maxQueued: 2, maxQueuedPerKey: 2 });
    const gate = gatedTasks();
    const running = limiter.run('s1', gate.task('s1'));
    const strangers = [limiter.run('s2', gate.task('s2')), limiter.run('s2', gate.task('s2b'))];
    const known = limiter.run('known', gate.task('known'), 2);
    // The queue was full of strangers: the newest of them lost its place at once.
    expect(await strangers[1]).toBeUndefined();
    // A newcomer of the lowest priority finds nobody it may displace.
    expect(await limiter.run('s3', gate.task('s3'))).toBeUndefined();
    for (let i = 0; i < 3; i += 1) await gate.releaseOne();
    await Promise.all([running, known, strangers[0]]);
    expect(gate.started).toEqual(['s1', 'known', 's2']);
  });

  it('among equals, a key with no place takes one from the key holding the most', async () => {
    const limiter = new WorkLimiter({ maxConcurrent: 1, maxQueued: 3, maxQueuedPerKey: 3 });
    const gate = gatedTasks();
    const all = [limiter.run('a', gate.task('a0'))];
    for (let i = 1; i <= 3; i += 1) all.push(limiter.run('a', gate.task(`a${i}`)));
    const newcomer = limiter.run('b', gate.task('b1'));
    expect(await all[3]).toBeUndefined();
    for (let i = 0; i < 4; i += 1) await gate.releaseOne();
    await Promise.all([...all, newcomer]);
    expect(gate.started).toEqual(['a0', 'a1', 'b1', 'a2']);
  });
});
