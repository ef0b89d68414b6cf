// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, sourceFiles } from './import-graph.ts';

// Effects only where a browser API needs one (the DOM, timers, the live stream, storage, focus): state
// derived from props or a query is computed while rendering, a subscription to a shared store uses
// useSyncExternalStore, and listeners and timers go through src/lib/use-event-listener.ts and
// src/lib/use-interval.ts; focus or DOM setup as an element appears goes in its ref callback. The
// ceiling is the count today, to be lowered as effects go; raising it takes a reason in the commit that
// does.
const EFFECTS_MAX = 50;
const EFFECT = /use(Layout)?Effect\(/g;

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.includes(`${path.sep}testing${path.sep}`);

describe('effects in the browser code', () => {
  it(`stay at or under ${EFFECTS_MAX}`, () => {
    const counts = sourceFiles(path.join(ROOT, 'src'))
      .filter((file) => !isTest(file))
      .map((file) => ({ file, count: readFileSync(file, 'utf8').match(EFFECT)?.length ?? 0 }))
      .filter(({ count }) => count > 0);
    const total = counts.reduce((sum, { count }) => sum + count, 0);
    const busiest = counts
      .sort((a, b) => b.count - a.count)
      .slice(0, 5)
      .map(({ file, count }) => `${path.relative(ROOT, file)}: ${count}`);
    expect(total, `the files with the most: ${busiest.join(', ')}`).toBeLessThanOrEqual(EFFECTS_MAX);
  });
});
