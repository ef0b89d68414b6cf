import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDist } from '../testing/test-app.ts';
import { filesForAddress, screenPreloads } from './screen-preloads.ts';

/** A build's manifest in the shape Vite writes it: the entry, what main.tsx imports, the screens. */
function manifest(suffix = '1') {
  return {
    'index.html': {
      file: `assets/index-${suffix}.js`,
      imports: ['_runtime.js'],
      css: [`assets/index-${suffix}.css`],
      dynamicImports: [
        'node_modules/react/index.js',
        'src/app/app.tsx',
        'src/app/sign-in-entry.tsx',
        'src/features/team/components/join-page.tsx',
      ],
    },
    '_runtime.js': { file: `assets/runtime-${suffix}.js` },
    'node_modules/react/index.js': { file: `assets/react-${suffix}.js`, imports: ['_runtime.js'] },
    'src/app/app.tsx': { file: `assets/app-${suffix}.js`, imports: ['_query.js'] },
    '_query.js': { file: `assets/query-${suffix}.js` },
    'src/app/sign-in-entry.tsx': { file: `assets/sign-in-entry-${suffix}.js`, imports: ['_form.js'] },
    '_form.js': { file: `assets/form-${suffix}.js`, css: [`assets/form-${suffix}.css`] },
    'src/app/layout/app-shell.tsx': { file: `assets/app-shell-${suffix}.js` },
    'src/app/routes/inbox.tsx': { file: `assets/inbox-${suffix}.js`, imports: ['_query.js'] },
    'src/app/routes/load-inbox-data.ts': { file: `assets/load-inbox-data-${suffix}.js` },
    'src/features/transcript/components/conversation-transcript.tsx': {
      file: `assets/conversation-transcript-${suffix}.js`,
      imports: ['_query.js'],
    },
    'src/app/routes/knowledge.tsx': { file: `assets/knowledge-${suffix}.js` },
    'src/app/routes/load-knowledge-data.ts': { file: `assets/load-knowledge-data-${suffix}.js` },
    'src/app/routes/not-found.tsx': { file: `assets/not-found-${suffix}.js` },
    'src/app/routes/team.tsx': { file: `assets/team-${suffix}.js` },
    'src/app/routes/account.tsx': { file: `assets/account-${suffix}.js` },
    'src/features/team/components/join-page.tsx': {
      file: `assets/join-page-${suffix}.js`,
      imports: ['_form.js'],
    },
  };
}

function distWith(content: unknown): string {
  const dist = tempDist();
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(content));
  return dist;
}

/** The files a Link header names, in order, with how each is announced. */
const linked = (header: string | undefined) =>
  (header ?? '').split(', ').map((link) => {
    const [, file, kind] = /^<\/(.+)>; rel=(modulepreload|preload; as=style); crossorigin$/.exec(link) ?? [];
    return kind === 'modulepreload' ? file : `${file} (style)`;
  });

/** What every page needs first, in the order it is announced: the entry, its stylesheet, its imports. */
const PAGE = ['assets/index-1.js', 'assets/index-1.css (style)', 'assets/runtime-1.js'];

describe('the files announced with the page', () => {
  it('leads with the page’s own files, then what a cold load of the inbox evaluates after the entry, each once', async () => {
    const preloadsFor = screenPreloads(distWith(manifest()));
    const files = linked(await preloadsFor('/inbox'));
    expect(files.slice(0, 3)).toEqual(PAGE);
    expect(files.slice(3).sort()).toEqual(
      [
        'assets/react-1.js',
        'assets/app-1.js',
        'assets/query-1.js',
        'assets/app-shell-1.js',
        'assets/inbox-1.js',
        'assets/load-inbox-data-1.js',
      ].sort(),
    );
    expect(new Set(files).size).toBe(files.length);
    // A sign-in page's code is not the inbox's; `/` goes on to the inbox.
    expect(files).not.toContain('assets/sign-in-entry-1.js');
    expect(linked(await preloadsFor('/'))).toEqual(files);
    // An address with a conversation open adds its transcript, which the list alone does without.
    expect(linked(await preloadsFor('/inbox/conv_1'))).toEqual([
      ...files,
      'assets/conversation-transcript-1.js',
    ]);
  });

  it('gives the sign-in page its own start and no app; other screens theirs', async () => {
    const preloadsFor = screenPreloads(distWith(manifest()));
    const signIn = linked(await preloadsFor('/sign-in'));
    // Every stylesheet right after the entry, the sign-in form's too.
    expect(signIn.slice(0, 4)).toEqual([...PAGE.slice(0, 2), 'assets/form-1.css (style)', PAGE[2]]);
    expect(signIn.slice(4).sort()).toEqual(
      ['assets/react-1.js', 'assets/sign-in-entry-1.js', 'assets/form-1.js'].sort(),
    );
    expect(linked(await preloadsFor('/knowledge'))).toContain('assets/load-knowledge-data-1.js');
    expect(linked(await preloadsFor('/knowledge'))).not.toContain('assets/inbox-1.js');
  });

  it('gives every address loaded without a session the sign-in page’s files, and no app', async () => {
    const preloadsFor = screenPreloads(distWith(manifest()));
    const signIn = linked(await preloadsFor('/sign-in'));
    for (const path of ['/', '/inbox/conv_1', '/knowledge', '/no-such-screen']) {
      expect(linked(await preloadsFor(path, false)), path).toEqual(signIn);
    }
    expect(filesForAddress(manifest(), '/inbox', { signedIn: false })).toEqual(
      filesForAddress(manifest(), '/sign-in'),
    );
    // A session's own answer is not taken from the signed-out one's cache.
    expect(linked(await preloadsFor('/inbox'))).toContain('assets/inbox-1.js');
  });

  it('gives the team and account screens theirs, and /join its own page alone, signed in or not', async () => {
    const preloadsFor = screenPreloads(distWith(manifest()));
    expect(linked(await preloadsFor('/team'))).toEqual(
      expect.arrayContaining(['assets/app-1.js', 'assets/app-shell-1.js', 'assets/team-1.js']),
    );
    expect(linked(await preloadsFor('/account'))).toContain('assets/account-1.js');
    // Accepting a link is for someone not signed in: main.tsx starts its page alone there, as it does
    // the sign-in page, never the app.
    const join = linked(await preloadsFor('/join', false));
    expect(join.slice(3)).toEqual([
      'assets/runtime-1.js',
      'assets/react-1.js',
      'assets/join-page-1.js',
      'assets/form-1.js',
    ]);
    expect(join).not.toContain('assets/app-1.js');
    expect(linked(await preloadsFor('/join'))).toEqual(join);
  });

  it('gives an unknown address the not-found page, says nothing without a manifest, and follows a new build', async () => {
    const dist = distWith(manifest());
    const preloadsFor = screenPreloads(dist);
    expect(linked(await preloadsFor('/no-such-screen')).slice(3)).toEqual([
      'assets/react-1.js',
      'assets/app-1.js',
      'assets/query-1.js',
      'assets/not-found-1.js',
    ]);
    expect(linked(await preloadsFor('/constructor'))).toEqual(linked(await preloadsFor('/no-such-screen')));
    expect(await screenPreloads(tempDist())('/inbox')).toBeUndefined();

    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest('2')));
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(dist, '.vite', 'manifest.json'), later, later);
    expect(linked(await preloadsFor('/inbox'))).toContain('assets/inbox-2.js');
  });

  it('names the modules it expects that the build does not have, for the bench to fail on', () => {
    const { 'src/app/routes/knowledge.tsx': _renamed, ...rest } = manifest();
    expect(filesForAddress(rest, '/knowledge').missing).toEqual(['src/app/routes/knowledge.tsx']);
    expect(filesForAddress(manifest(), '/knowledge').missing).toEqual([]);
  });
});
