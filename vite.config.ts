import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

// The page's CSP has no style-src 'unsafe-inline': sonner's stylesheet comes from its CSS file
// (imported by src/components/toaster.tsx) instead of the <style> element it would insert at run time.
const sonnerStylesFromFile: Plugin = {
  name: 'sonner-styles-from-file',
  enforce: 'pre',
  transform(code, id) {
    if (!/[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return undefined;
    return { code: code.replace(/^__insertCSS\(/m, 'void (0, '), map: null };
  },
};

// In `npm run dev` the Vite dev server sits in front of the BFF; every API call is proxied to it.
const bffOrigin = process.env.BFF_ORIGIN ?? 'http://127.0.0.1:8080';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const TEXT_ASSET = /\.(html|js|mjs|css|json|svg|txt|webmanifest)$/;

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the build, at the highest
 * levels: it happens once per build, and the BFF serves the copies as they are (static-files.ts).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter(
        (file) => TEXT_ASSET.test(file) && !file.startsWith('.vite'),
      );
      await Promise.all(
        files.map(async (file) => {
          const path = join(outDir, file);
          const body = await readFile(path);
          const [br, gz] = await Promise.all([
            brotli(body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
            gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [sonnerStylesFromFile, react(), tailwindcss(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  // The manifest tells `npm run bench:bundle` which files each screen loads.
  build: {
    outDir: 'dist',
    manifest: true,
    // No modulepreload from Vite: the BFF announces a page's files in a Link header (screen-preloads.ts),
    // and what loads later (a dialog, another screen) is mostly one chunk, since shared chunks are
    // inlined; its remaining imports follow when it is evaluated. Saves the inbox 1.2 kB (the preload
    // helper and the file lists in every chunk). The CSS of lazily loaded chunks is still loaded with them.
    modulePreload: false,
    rolldownOptions: {
      // Inlining needs it: unused exports of the entry may be dropped (nothing imports index.html's).
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          groups: [
            // The inbox's API and filters, read by its route loader (src/app/routes/load-inbox-data.ts)
            // and by the inbox itself: one file for both. Inlined, each of the two carried a copy, and a
            // cold load of the inbox fetched them twice. Only these modules (not their dependencies), so
            // no other screen loads the group. Chosen by file name: the other endpoint files of the same
            // api/ folders (tags, snoozes, mentions, notes) load with the dialog or panel that uses them.
            {
              name: 'inbox-data',
              includeDependenciesRecursively: false,
              test: /src[\\/]features[\\/](inbox[\\/](api[\\/](get-inbox|get-conversation|mark-read|update-conversation|update-inbox-settings|assignment-settings)|inbox-filters)|transcript[\\/]api[\\/](get-messages|get-history|post-message))\.ts$/,
            },
          ],
          // Automatic splitting cut the app into a hundred chunks: the inbox loaded 56 files, most under
          // 1 kB, each its own request (a phone's slow link pays a round trip per wave) and compressed
          // alone. This copies the shared chunks into the chunks that read them: the inbox loads 15 files
          // (counted as `npm run bench:bundle` counts them, route loader data included).
          // rolldown's runtime keeps one instance of each module however many chunks carry a copy.
          // react-aria stays out: the dialogs share it, and each would carry its own copy. So does
          // react-hook-form with its resolvers: every form of every screen uses it, so it is one file the
          // browser keeps instead of a copy in each screen's chunk. CSS stays out,
          // as rolldown's guide advises for Vite (its CSS plugin reads which chunk holds a module).
          experimentalInlineCommonChunks: {
            maxSize: Infinity,
            exclude: [
              /[\\/]node_modules[\\/](react-aria|react-stately|@react-aria|@react-stately|@react-types|@internationalized)/,
              /[\\/]node_modules[\\/](react-hook-form|@hookform)[\\/]/,
              /\.css($|\?)/,
            ],
          },
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: bffOrigin, changeOrigin: false },
      '/bff': { target: bffOrigin, changeOrigin: false },
    },
  },
});
