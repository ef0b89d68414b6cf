import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildReason } from './build-spa.ts';

function project() {
  const root = mkdtempSync(join(tmpdir(), 'bff-build-'));
  for (const dir of ['src/app', 'src/server', 'public', 'dist'])
    mkdirSync(join(root, dir), { recursive: true });
  const files = [
    'src/app/app.tsx',
    'src/server/app.ts',
    'src/app/app.test.tsx',
    'public/favicon.svg',
    'index.html',
    'vite.config.ts',
  ];
  for (const file of files) writeFileSync(join(root, file), 'x');
  const at = (file: string, seconds: number) => utimesSync(join(root, file), seconds, seconds);
  for (const file of files) at(file, 1000);
  return { root, dist: join(root, 'dist'), at };
}

describe('when npm start rebuilds the SPA', () => {
  it('builds when there is no build, when a source is newer, or when forced', () => {
    const { root, dist, at } = project();
    expect(buildReason(root, dist, false)).toBe('no build yet');
    writeFileSync(join(dist, 'index.html'), '<!doctype html>');
    at('dist/index.html', 2000);
    expect(buildReason(root, dist, false)).toBeUndefined();
    expect(buildReason(root, dist, true)).toBe('FORCE_BUILD=1');
    at('src/app/app.tsx', 3000);
    expect(buildReason(root, dist, false)).toBe('sources changed since the last build');
  });

  it.each([['index.html'], ['public/favicon.svg'], ['vite.config.ts']])(
    'rebuilds when %s changed',
    (file) => {
      const { root, dist, at } = project();
      writeFileSync(join(dist, 'index.html'), '');
      at('dist/index.html', 2000);
      at(file, 3000);
      expect(buildReason(root, dist, false)).toBeDefined();
    },
  );

  it('ignores changes to the BFF and to tests', () => {
    const { root, dist, at } = project();
    writeFileSync(join(dist, 'index.html'), '');
    at('dist/index.html', 2000);
    at('src/server/app.ts', 3000);
    at('src/app/app.test.tsx', 3000);
    expect(buildReason(root, dist, false)).toBeUndefined();
  });
});
