import { readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** The repository's root. */
export const ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCE = /\.tsx?$/;

/** Every TypeScript file under a directory, tests included. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function resolveImport(from: string, specifier: string, known: ReadonlySet<string>): string | null {
  let base: string;
  if (specifier.startsWith('@/')) base = path.join(ROOT, 'src', specifier.slice(2));
  else if (specifier.startsWith('.')) base = path.resolve(path.dirname(from), specifier);
  else return null; // a package
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')];
  return candidates.find((candidate) => known.has(candidate)) ?? null;
}

/**
 * The files each file imports, among the given ones: every edge, type-only and dynamic imports included,
 * so a circle that only types close counts too.
 */
export function importEdges(sources: ReadonlyMap<string, string>): Map<string, string[]> {
  const known = new Set(sources.keys());
  const edges = new Map<string, string[]>();
  for (const [file, text] of sources) {
    const imported = ts.preProcessFile(text, true, true).importedFiles.map((ref) => ref.fileName);
    edges.set(
      file,
      imported.map((specifier) => resolveImport(file, specifier, known)).filter((to) => to !== null),
    );
  }
  return edges;
}
