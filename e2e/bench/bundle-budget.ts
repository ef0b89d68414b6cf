import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Manifest } from 'vite';
import { filesForAddress } from '../../src/server/http/screen-preloads.ts';

/**
 * npm run bench:bundle — the JavaScript and CSS each screen loads before it is usable, against its target and ceiling.
 *
 * Builds the SPA (into DIST_DIR, default dist/, the folder `npm start` serves: the e2e run that follows in
 * CI finds it current and does not build again), then lists from Vite's manifest what a cold load of each
 * screen's address fetches (filesForAddress: the page's entry, what main.tsx starts, the router's modules
 * for the screen, through their static imports, with every CSS file on the way). Prints
 * raw / gzip / Brotli bytes per file (the .gz and .br copies the build writes, i.e. what the BFF serves),
 * and each screen's gzip total against its target and its ceiling. Sizes do not depend on the machine,
 * so CI runs it: a screen above its ceiling exits 1.
 *
 * Two numbers per screen: the target is the screen's budget (docs/performance.md); the ceiling is what
 * it weighs now plus a little room, never above the target, so no change makes a screen heavier
 * unnoticed. Lower a ceiling whenever a screen gets lighter; raise one only on purpose, in its own commit.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DIST = resolve(ROOT, process.env.DIST_DIR ?? 'dist');
const KB = 1000;

/**
 * Each screen by an address that shows it; what it loads before it is usable comes from
 * src/server/http/screen-preloads.ts (the same list the BFF announces with the page). Sizes are gzip kB.
 * `signedIn: false`: a load without a session, which shows the sign-in page whatever the address.
 */
const SCREENS: ReadonlyArray<{
  name: string;
  address: string;
  signedIn?: boolean;
  targetKb: number;
  ceilingKb: number;
}> = [
  { name: '/sign-in', address: '/sign-in', targetKb: 110, ceilingKb: 102 },
  { name: '/ (signed out)', address: '/', signedIn: false, targetKb: 110, ceilingKb: 102 },
  { name: '/inbox (signed out)', address: '/inbox', signedIn: false, targetKb: 110, ceilingKb: 102 },
  { name: '/inbox', address: '/inbox', targetKb: 200, ceilingKb: 199.5 },
  { name: '/assistant', address: '/assistant', targetKb: 200, ceilingKb: 186 },
  { name: '/knowledge', address: '/knowledge', targetKb: 200, ceilingKb: 165.5 },
  { name: '/saved-replies', address: '/saved-replies', targetKb: 200, ceilingKb: 177.5 },
  { name: '/integrations', address: '/integrations', targetKb: 200, ceilingKb: 180.5 },
  { name: '/reports', address: '/reports', targetKb: 200, ceilingKb: 179 },
  { name: '/team', address: '/team', targetKb: 200, ceilingKb: 176.5 },
  { name: '/account', address: '/account', targetKb: 200, ceilingKb: 176 },
  { name: '/join (signed out)', address: '/join', signedIn: false, targetKb: 200, ceilingKb: 112.5 },
  { name: '(not found)', address: '/no-such-page', targetKb: 200, ceilingKb: 150 },
];

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

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} kB`;

async function main() {
  await build({ root: ROOT, logLevel: 'warn', build: { outDir: DIST, emptyOutDir: true } });
  const manifest = JSON.parse(readFileSync(join(DIST, '.vite', 'manifest.json'), 'utf8')) as Manifest;

  const lines: string[] = [];
  const over: string[] = [];
  for (const screen of SCREENS) {
    const { scripts, styles, missing } = filesForAddress(manifest, screen.address, {
      signedIn: screen.signedIn,
    });
    if (missing.length > 0)
      throw new Error(
        `${missing.join(', ')}: not chunks of the build (renamed, or not loaded lazily any more?)`,
      );
    const rows = [...scripts, ...styles].map((file) => ({ file, ...sizesOf(file) }));
    const total = rows.reduce(
      (sum, row) => ({ raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip, brotli: sum.brotli + row.brotli }),
      { raw: 0, gzip: 0, brotli: 0 },
    );
    const withinCeiling = total.gzip <= screen.ceilingKb * KB;
    const onTarget = total.gzip <= screen.targetKb * KB;
    if (!withinCeiling) over.push(screen.name);
    lines.push(`\n${screen.name}  (${rows.length} files)`);
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
