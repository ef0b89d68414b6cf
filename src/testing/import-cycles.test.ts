// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importEdges, ROOT, sourceFiles } from './import-graph.ts';

// No import circle anywhere in the app, the BFF or the simulator. This walk counts every edge, type-only
// and dynamic imports included, so a circle that only types close (say, between mocks/domain/ and
// mocks/simulator.ts) fails too. It is a test rather than eslint's import-x/no-cycle: that plugin's
// resolver (unrs-resolver) lists per-platform optional packages the registry here does not have, and
// `npm ci` then refuses the lock file.

/** Every group of files that import each other, directly or through others (Tarjan's SCCs). */
function findImportCycles(sources: ReadonlyMap<string, string>): string[][] {
  const known = new Set(sources.keys());
  const edges = importEdges(sources);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const to of edges.get(file) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(file, Math.min(low.get(file)!, index.get(to)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || (edges.get(file) ?? []).includes(file)) cycles.push(group.sort());
  };
  for (const file of known) if (!index.has(file)) visit(file);
  return cycles;
}

describe('import graph', () => {
  it('finds a circle closed by a type-only import, through the @/ alias', () => {
    const at = (name: string) => path.join(ROOT, 'src', name);
    const sources = new Map([
      [at('a.ts'), "import { b } from './b.ts';\nexport const a = b;"],
      [at('b.ts'), "import type { C } from '@/c';\nexport const b: C = 1;"],
      [at('c.ts'), "import type { a } from './a.ts';\nexport type C = typeof a;"],
      [at('d.ts'), "import { a } from './a.ts';\nexport const d = a;"],
    ]);
    expect(findImportCycles(sources)).toEqual([[at('a.ts'), at('b.ts'), at('c.ts')]]);
  });

  // A walk of the whole tree: give it room on a loaded machine.
  it('has no import circle in src/ or mocks/', { timeout: 30_000 }, () => {
    const files = [...sourceFiles(path.join(ROOT, 'src')), ...sourceFiles(path.join(ROOT, 'mocks'))];
    const sources = new Map(files.map((file) => [file, readFileSync(file, 'utf8')]));
    const cycles = findImportCycles(sources).map((group) =>
      group.map((file) => path.relative(ROOT, file)).join(' <-> '),
    );
    expect(cycles).toEqual([]);
  });
});
