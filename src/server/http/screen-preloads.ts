import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Manifest } from 'vite';

const APP = 'src/app/app.tsx';
const SIGN_IN_ENTRY = 'src/app/sign-in-entry.tsx';
const SHELL = 'src/app/layout/app-shell.tsx';
const INBOX = [APP, SHELL, 'src/app/routes/inbox.tsx', 'src/app/routes/load-inbox-data.ts'];

/**
 * What a cold load of an address evaluates after the entry, by the address's first segment: the start
 * main.tsx picks (the sign-in page alone, or the app) and the router's lazy modules for the screen and
 * its loader's data (src/app/router.tsx). `''` is `/`, which goes on to the inbox; a segment not listed
 * is the not-found page.
 */
const SCREEN_MODULES = new Map<string, string[]>([
  ['sign-in', [SIGN_IN_ENTRY]],
  ['', INBOX],
  ['inbox', INBOX],
  ['assistant', [APP, SHELL, 'src/app/routes/assistant.tsx', 'src/app/routes/load-assistant-data.ts']],
  ['knowledge', [APP, SHELL, 'src/app/routes/knowledge.tsx', 'src/app/routes/load-knowledge-data.ts']],
  ['integrations', [APP, SHELL, 'src/app/routes/integrations.tsx']],
  ['not-found', [APP, 'src/app/routes/not-found.tsx']],
]);

/** The screen a cold load of `path` shows (a key of SCREEN_MODULES). */
function screenOf(path: string): string {
  const segment = path.split('/')[1] ?? '';
  return SCREEN_MODULES.has(segment) ? segment : 'not-found';
}

const STARTS = new Set([APP, SIGN_IN_ENTRY]);

/** A manifest entry's file and what it imports statically, transitively; their CSS into `styles`. */
function closure(manifest: Manifest, key: string, scripts: Set<string>, styles: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk || scripts.has(chunk.file)) return;
  scripts.add(chunk.file);
  for (const css of chunk.css ?? []) styles.add(css);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, scripts, styles);
}

/**
 * Every file a cold load of `path` fetches before its screen is usable, in the order it needs them: the
 * page's own (the entry first, then its stylesheets, then its imports), what main.tsx imports on every
 * load (React, and the session check where the app starts), then the screen's modules. Each file once.
 */
export function filesForAddress(manifest: Manifest, path: string): { scripts: string[]; styles: string[] } {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  closure(manifest, 'index.html', scripts, styles);
  for (const started of manifest['index.html']?.dynamicImports ?? []) {
    if (!STARTS.has(started)) closure(manifest, started, scripts, styles);
  }
  for (const module of SCREEN_MODULES.get(screenOf(path)) ?? []) closure(manifest, module, scripts, styles);
  return { scripts: [...scripts], styles: [...styles] };
}

/** The Link header for `path`: the entry, the stylesheets, then the rest (the same attributes as the page's tags). */
function linkHeader(manifest: Manifest, path: string): string {
  const { scripts, styles } = filesForAddress(manifest, path);
  const script = (file: string) => `</${file}>; rel=modulepreload; crossorigin`;
  const style = (file: string) => `</${file}>; rel=preload; as=style; crossorigin`;
  const [entry, ...rest] = scripts;
  return [...(entry ? [script(entry)] : []), ...styles.map(style), ...rest.map(script)].join(', ');
}

/**
 * The JavaScript and CSS a cold load of the page at `path` will need, announced with the page itself in
 * a `Link` header (rel=modulepreload, the stylesheets rel=preload): the browser fetches it all at once
 * instead of learning of each file from the one before (entry, then the app, then the screen's chunks),
 * a round trip each on a phone's link. The page's own files lead, as it needs them first; the same
 * attributes as its tags (crossorigin), so each file is fetched once. Read from the build's manifest,
 * again when the build changes; no manifest, no header.
 */
export function screenPreloads(distDir: string): (path: string) => Promise<string | undefined> {
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  let cached: { mtimeMs: number; manifest: Manifest; byScreen: Map<string, string> } | undefined;
  return async (path) => {
    try {
      const { mtimeMs } = await stat(manifestPath);
      if (cached?.mtimeMs !== mtimeMs) {
        const manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Manifest;
        cached = { mtimeMs, manifest, byScreen: new Map() };
      }
    } catch {
      return undefined;
    }
    // One header per screen, however many addresses show it.
    const screen = screenOf(path);
    let header = cached.byScreen.get(screen);
    if (header === undefined) {
      header = linkHeader(cached.manifest, path);
      cached.byScreen.set(screen, header);
    }
    return header;
  };
}
