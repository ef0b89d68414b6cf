import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Manifest } from 'vite';

const APP = 'src/app/app.tsx';
const SIGN_IN_ENTRY = 'src/app/sign-in-entry.tsx';
/** The page that accepts a link, which main.tsx starts alone as it does the sign-in page. */
const JOIN_ENTRY = 'src/features/team/components/join-page.tsx';
const SHELL = 'src/app/layout/app-shell.tsx';
const INBOX = [APP, SHELL, 'src/app/routes/inbox.tsx', 'src/app/routes/load-inbox-data.ts'];
/** The open conversation's transcript and reply box, loaded by the inbox on its own (decision 031). */
const TRANSCRIPT = 'src/features/transcript/components/conversation-transcript.tsx';

/**
 * What a cold load of an address evaluates after the entry, by the address's first segment: the start
 * main.tsx picks (the sign-in page or the page that accepts a link alone, or the app) and the router's lazy modules for the screen and
 * its loader's data (src/app/router.tsx). `''` is `/`, which goes on to the inbox; an inbox address with
 * a conversation adds its transcript; a segment not listed is the not-found page.
 */
const SCREEN_MODULES = new Map<string, string[]>([
  ['sign-in', [SIGN_IN_ENTRY]],
  ['', INBOX],
  ['inbox', INBOX],
  ['inbox-conversation', [...INBOX, TRANSCRIPT]],
  ['assistant', [APP, SHELL, 'src/app/routes/assistant.tsx', 'src/app/routes/load-assistant-data.ts']],
  ['knowledge', [APP, SHELL, 'src/app/routes/knowledge.tsx', 'src/app/routes/load-knowledge-data.ts']],
  ['saved-replies', [APP, SHELL, 'src/app/routes/saved-replies.tsx']],
  ['integrations', [APP, SHELL, 'src/app/routes/integrations.tsx']],
  ['reports', [APP, SHELL, 'src/app/routes/reports.tsx']],
  ['team', [APP, SHELL, 'src/app/routes/team.tsx']],
  ['account', [APP, SHELL, 'src/app/routes/account.tsx']],
  ['join', [JOIN_ENTRY]],
  ['not-found', [APP, 'src/app/routes/not-found.tsx']],
]);

/**
 * The screen a cold load of `path` shows (a key of SCREEN_MODULES). Without a session every address
 * but /join shows the sign-in page (main.tsx), which returns to that address once the person is in;
 * /join (accepting a link) is its own page, alone like the sign-in page, signed in or not.
 */
function screenOf(path: string, signedIn: boolean): string {
  const [, segment = '', conversationId] = path.split('/');
  if (segment === 'join') return 'join';
  if (!signedIn) return 'sign-in';
  if (segment === 'inbox' && conversationId) return 'inbox-conversation';
  return SCREEN_MODULES.has(segment) ? segment : 'not-found';
}

const STARTS = new Set([APP, SIGN_IN_ENTRY, JOIN_ENTRY]);

/**
 * A manifest entry's file and what it imports statically, transitively, into `scripts`; their CSS into
 * `styles`. Keys that are not chunks of the build go into `missing` (a module renamed, or no longer
 * loaded on its own).
 */
export function chunkClosure(
  manifest: Manifest,
  key: string,
  found: { scripts: Set<string>; styles?: Set<string>; missing?: string[] },
): void {
  const chunk = manifest[key];
  if (!chunk) {
    found.missing?.push(key);
    return;
  }
  if (found.scripts.has(chunk.file)) return;
  found.scripts.add(chunk.file);
  for (const css of chunk.css ?? []) found.styles?.add(css);
  for (const imported of chunk.imports ?? []) chunkClosure(manifest, imported, found);
}

/**
 * Every file a cold load of `path` fetches before its screen is usable, in the order it needs them: the
 * page's own (the entry first, then its stylesheets, then its imports), what main.tsx imports on every
 * load (React and the session check), then the screen's modules: those of the sign-in page when the load
 * has no session (`signedIn` false). Each file once. `missing`: modules this list names that the build
 * does not have as chunks (the bench fails on them).
 */
export function filesForAddress(
  manifest: Manifest,
  path: string,
  { signedIn = true }: { signedIn?: boolean } = {},
): { scripts: string[]; styles: string[]; missing: string[] } {
  const found = { scripts: new Set<string>(), styles: new Set<string>(), missing: [] as string[] };
  chunkClosure(manifest, 'index.html', found);
  for (const started of manifest['index.html']?.dynamicImports ?? []) {
    if (!STARTS.has(started)) chunkClosure(manifest, started, found);
  }
  for (const module of SCREEN_MODULES.get(screenOf(path, signedIn)) ?? [])
    chunkClosure(manifest, module, found);
  return { scripts: [...found.scripts], styles: [...found.styles], missing: found.missing };
}

/** The Link header for `path`: the entry, the stylesheets, then the rest (the same attributes as the page's tags). */
function linkHeader(manifest: Manifest, path: string, signedIn: boolean): string {
  const { scripts, styles } = filesForAddress(manifest, path, { signedIn });
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
 * attributes as its tags (crossorigin), so each file is fetched once. A request without a session
 * (`signedIn` false) gets the sign-in page's files whatever the address: that is what it will show. Read
 * from the build's manifest, again when the build changes; no manifest, no header.
 */
export function screenPreloads(
  distDir: string,
): (path: string, signedIn?: boolean) => Promise<string | undefined> {
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  let cached: { mtimeMs: number; manifest: Manifest; byScreen: Map<string, string> } | undefined;
  return async (path, signedIn = true) => {
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
    const screen = screenOf(path, signedIn);
    let header = cached.byScreen.get(screen);
    if (header === undefined) {
      header = linkHeader(cached.manifest, path, signedIn);
      cached.byScreen.set(screen, header);
    }
    return header;
  };
}
