// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importEdges, ROOT, sourceFiles } from './import-graph.ts';

// The BFF reads from the bottom up: no two of src/server's folders import each other, directly or through
// a third, and no folder imports the files at its top (app.ts, runtime.ts), which compose the folders;
// testing/ and bench/ run the app and may. Tests may import across folders. eslint holds the same rule
// per file (SERVER_LAYERS in eslint.config.js); this lists what it sees as folders.
const SERVER = path.join(ROOT, 'src', 'server');
const MAY_IMPORT_THE_TOP = new Set(['testing', 'bench']);

/** The folder of src/server a file is in, or '' for a file at its top. */
const folderOf = (file: string) => {
  const parts = path.relative(SERVER, file).split(path.sep);
  return parts.length > 1 ? parts[0]! : '';
};

/** Each folder's imports of other folders ('' the top), from the files given. */
function folderImports(sources: ReadonlyMap<string, string>): Map<string, Set<string>> {
  const imports = new Map<string, Set<string>>();
  for (const [file, targets] of importEdges(sources)) {
    const from = folderOf(file);
    for (const target of targets) {
      const to = folderOf(target);
      if (to === from) continue;
      if (!imports.has(from)) imports.set(from, new Set());
      imports.get(from)!.add(to);
    }
  }
  return imports;
}

/** Every folder that reaches itself through its imports, with the way back ("a -> b -> a"). */
function folderCircles(imports: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const circles: string[] = [];
  for (const start of imports.keys()) {
    if (start === '') continue;
    const seen = new Set<string>();
    const walk = (folder: string, way: string[]): string[] | undefined => {
      for (const next of imports.get(folder) ?? []) {
        if (next === start) return [...way, next];
        if (next === '' || seen.has(next)) continue;
        seen.add(next);
        const found = walk(next, [...way, next]);
        if (found) return found;
      }
      return undefined;
    };
    const way = walk(start, [start]);
    if (way) circles.push(way.join(' -> '));
  }
  return circles;
}

function serverSources(): Map<string, string> {
  const files = sourceFiles(SERVER).filter((file) => !/\.test\.tsx?$/.test(file));
  return new Map(files.map((file) => [file, readFileSync(file, 'utf8')]));
}

describe("src/server's folders", () => {
  it('finds two folders that import each other, through a third too', () => {
    const at = (name: string) => path.join(SERVER, name);
    const sources = new Map([
      [at('a/one.ts'), "import { two } from '../b/two.ts';"],
      [at('b/two.ts'), "import type { Three } from '../c/three.ts';"],
      [at('c/three.ts'), "import { one } from '../a/one.ts';"],
      [at('d/four.ts'), "import { one } from '../a/one.ts';"],
    ]);
    expect(folderCircles(folderImports(sources))).toEqual([
      'a -> b -> c -> a',
      'b -> c -> a -> b',
      'c -> a -> b -> c',
    ]);
  });

  it('never import each other', () => {
    expect(folderCircles(folderImports(serverSources()))).toEqual([]);
  });

  it('never import the files at the top, which compose them (but testing/ and bench/)', () => {
    const importers = [...folderImports(serverSources())]
      .filter(([from, to]) => from !== '' && to.has('') && !MAY_IMPORT_THE_TOP.has(from))
      .map(([from]) => from);
    expect(importers).toEqual([]);
  });
});
