import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Manifest } from 'vite';

/**
 * npm run bench:bundle — the JavaScript and CSS each screen loads before it is usable, against its target and ceiling.
 *
 * Builds the SPA (into DIST_DIR, default dist/, the folder `npm start` serves: the e2e run that follows in
 * CI finds it current and does not build again), then walks Vite's manifest from index.html's entry and
 * from each screen's route module through their static imports, adding every CSS file on the way. Prints
 * raw / gzip / Brotli bytes per file (the .gz and .br copies the build writes, i.e. what the BFF serves),
 * and each screen's gzip total against its target and its ceiling. Sizes do not depend on the machine,
 * so CI runs it: a screen above its ceiling exits 1.
 *
 * Two numbers per screen: the target is issue 14's budget; the ceiling is what the screen weighs today
 * plus a little room, never above the target, so no change makes a screen heavier unnoticed. Lower a
 * ceiling whenever a screen gets lighter; raise one only on purpose, in its own commit.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DIST = resolve(ROOT, process.env.DIST_DIR ?? 'dist');
const KB = 1000;

/**
 * main.tsx starts one of these beside React: the sign-in page alone on a cold load of /sign-in (the app
 * follows while the person types, so it is not counted), the whole app everywhere else.
 */
const APP = 'src/app/app.tsx';
const STARTS = [APP, 'src/app/sign-in-entry.tsx'];

/**
 * What each screen needs before it is usable, beyond the entry: the lazy route modules the router loads
 * for it (src/app/router.tsx). Sizes are gzip kB.
 */
const SCREENS = [
  { path: '/sign-in', modules: ['src/app/sign-in-entry.tsx'], targetKb: 110, ceilingKb: 102 },
  {
    path: '/inbox',
    modules: [APP, 'src/app/layout/app-shell.tsx', 'src/app/routes/inbox.tsx'],
    targetKb: 200,
    ceilingKb: 200,
  },
  {
    path: '/assistant',
    modules: [APP, 'src/app/layout/app-shell.tsx', 'src/app/routes/assistant.tsx'],
    targetKb: 200,
    ceilingKb: 186,
  },
  {
    path: '/knowledge',
    modules: [APP, 'src/app/layout/app-shell.tsx', 'src/app/routes/knowledge.tsx'],
    targetKb: 200,
    ceilingKb: 165,
  },
  {
    path: '/integrations',
    modules: [APP, 'src/app/layout/app-shell.tsx', 'src/app/routes/integrations.tsx'],
    targetKb: 200,
    ceilingKb: 165,
  },
  { path: '(not found)', modules: [APP, 'src/app/routes/not-found.tsx'], targetKb: 200, ceilingKb: 150 },
] as const;

type Sizes = { raw: number; gzip: number; brotli: number };

function sizesOf(file: string): Sizes {
  const path = join(DIST, file);
  const size = (candidate: string) => {
    try {
      return statSync(candidate).size;
    } catch {
      throw new Error(`${candidate} is missing: the build writes .br and .gz copies (vite.config.ts).`);
    }
  };
  return { raw: size(path), gzip: size(`${path}.gz`), brotli: size(`${path}.br`) };
}

/** The files a manifest entry loads with it: its chunk, its static imports (transitively) and their CSS. */
function closure(manifest: Manifest, key: string, files: Set<string>, seen = new Set<string>()) {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not a chunk of the build: is it still loaded lazily by the router?`);
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, files, seen);
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} kB`;

async function main() {
  await build({ root: ROOT, logLevel: 'warn', build: { outDir: DIST, emptyOutDir: true } });
  const manifest = JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8')) as Manifest;

  const lines: string[] = [];
  const over: string[] = [];
  for (const screen of SCREENS) {
    const files = new Set<string>();
    closure(manifest, 'index.html', files);
    // main.tsx sets the page's security options first, then imports React and the session check
    // dynamically, so they evaluate after it: those are part of every screen (the sign-in page checks
    // the session too). What it starts besides (STARTS) counts where the screen lists it.
    for (const started of manifest['index.html']?.dynamicImports ?? []) {
      if (!STARTS.includes(started)) closure(manifest, started, files);
    }
    for (const module of screen.modules) closure(manifest, module, files);
    const rows = [...files].map((file) => ({ file, ...sizesOf(file) }));
    const total = rows.reduce(
      (sum, row) => ({ raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip, brotli: sum.brotli + row.brotli }),
      { raw: 0, gzip: 0, brotli: 0 },
    );
    const withinCeiling = total.gzip <= screen.ceilingKb * KB;
    const onTarget = total.gzip <= screen.targetKb * KB;
    if (!withinCeiling) over.push(screen.path);
    lines.push(`\n${screen.path}  (${rows.length} files)`);
    for (const row of rows.sort((a, b) => b.gzip - a.gzip)) {
      lines.push(
        `  ${row.file.padEnd(44)} ${kb(row.raw).padStart(10)} ${kb(row.gzip).padStart(10)} ${kb(row.brotli).padStart(10)}`,
      );
    }
    lines.push(
      `  ${'total'.padEnd(44)} ${kb(total.raw).padStart(10)} ${kb(total.gzip).padStart(10)} ${kb(total.brotli).padStart(10)}` +
        `   target ${screen.targetKb} kB: ${onTarget ? 'met' : `${kb(total.gzip - screen.targetKb * KB)} over`}` +
        `; ceiling ${screen.ceilingKb} kB: ${withinCeiling ? 'ok' : 'EXCEEDED'}`,
    );
  }
  process.stdout.write(
    `Per screen: what it loads before it is usable (1 kB = 1000 bytes)\n  ${'file'.padEnd(44)} ${'raw'.padStart(10)} ${'gzip'.padStart(10)} ${'brotli'.padStart(10)}` +
      `${lines.join('\n')}\n`,
  );
  if (over.length > 0) {
    process.stderr.write(`\nbench:bundle: heavier than its ceiling: ${over.join(', ')}\n`);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:bundle failed: ${(error as Error).message}\n`);
  process.exit(1);
});
