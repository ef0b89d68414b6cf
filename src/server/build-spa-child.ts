import { build } from 'vite';

/** Runs Vite's build() for build-spa.ts, in its own process: `build-spa-child.ts <root> <outDir>`. */
const [root, outDir] = process.argv.slice(2);
if (!root || !outDir) {
  process.stderr.write('usage: build-spa-child.ts <root> <outDir>\n');
  process.exit(2);
}
await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
