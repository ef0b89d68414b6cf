// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Comments that name a file rot when the file is renamed or removed; this fails on any file name in a
// comment that no tracked file answers to.
const ROOT = path.resolve(import.meta.dirname, '../..');
const CHECKED = /^(src|mocks|e2e)\/.*\.tsx?$|^[^/]+\.(ts|js)$/;
/** Named in comments but not a file of the repository: the example users file of the add-user CLI's usage line. */
const OUTSIDE_THE_REPOSITORY = new Set(['users.json']);
/** Build outputs (git-ignored): `npm start` writes the compiled BFF here. */
const BUILD_OUTPUT = /^dist(-[\w-]+)?\//;
/** A file name with an extension this repo uses, optionally with folders; not a glob (`*.test.ts`). */
const FILE_NAME =
  /(?<![\w*./@-])(?:\.{1,2}\/)*(?:[\w@-]+\/)*[\w-]+(?:\.[\w-]+)*\.(?:tsx?|jsx?|json|md|css|html)\b/g;

/** The text of every comment in a TypeScript source (parsed, so strings and regexes never count). */
function commentsOf(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const seen = new Map<number, string>();
  const collect = (ranges: readonly ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) seen.set(range.pos, text.slice(range.pos, range.end));
  };
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.pos));
    collect(ts.getTrailingCommentRanges(text, node.end));
    node.forEachChild(visit);
  };
  visit(source);
  collect(ts.getLeadingCommentRanges(text, source.endOfFileToken.pos));
  return [...seen.values()];
}

interface Tracked {
  paths: ReadonlySet<string>;
  /** Every tail of every path: for `x/y/z` also `y/z` and `z`. */
  tails: ReadonlySet<string>;
}

function trackedOf(paths: Iterable<string>): Tracked {
  const set = new Set(paths);
  const tails = [...set].flatMap((file) => file.split('/').map((_, i, parts) => parts.slice(i).join('/')));
  return { paths: set, tails: new Set(tails) };
}

/** File names cited in `comments` that neither resolve from `citedFrom` nor end any tracked path. */
function missingReferences(citedFrom: string, comments: readonly string[], tracked: Tracked): string[] {
  const missing: string[] = [];
  for (const comment of comments) {
    for (const [cited] of comment.matchAll(FILE_NAME)) {
      const relative = path.posix.normalize(path.posix.join(path.posix.dirname(citedFrom), cited));
      const found =
        tracked.paths.has(relative) ||
        (!cited.startsWith('.') &&
          (tracked.tails.has(cited) || OUTSIDE_THE_REPOSITORY.has(cited) || BUILD_OUTPUT.test(cited)));
      if (!found) missing.push(`${citedFrom}: ${cited}`);
    }
  }
  return missing;
}

describe('file names cited in comments', () => {
  it('finds a cited file that does not exist, and accepts one that does', () => {
    const tracked = trackedOf(['src/lib/use-countdown.ts', 'src/features/a/api/get-x.ts']);
    const comments = commentsOf(
      'src/features/a/api/get-x.ts',
      [
        '// polled by use-live-tail.ts, see src/lib/use-countdown.ts and ./get-x.ts',
        "const glob = '*.test.ts'; /* like use-countdown.ts, not *.spec.ts or ../api/gone.ts */",
        "const inString = 'missing.ts';",
      ].join('\n'),
    );
    expect(missingReferences('src/features/a/api/get-x.ts', comments, tracked)).toEqual([
      'src/features/a/api/get-x.ts: use-live-tail.ts',
      'src/features/a/api/get-x.ts: ../api/gone.ts',
    ]);
  });

  // A scan of the whole tree: give it room on a loaded machine.
  it('names only files that exist', { timeout: 30_000 }, () => {
    const tracked = trackedOf(
      execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
        cwd: ROOT,
        encoding: 'utf8',
      })
        .split('\n')
        .filter((file) => file !== ''),
    );
    const missing = [...tracked.paths]
      .filter((file) => CHECKED.test(file))
      .map((file) => ({ file, text: readFileSync(path.join(ROOT, file), 'utf8') }))
      // Parse only the files that name a file at all (most do not).
      .filter(({ text }) => text.search(FILE_NAME) !== -1)
      .flatMap(({ file, text }) => missingReferences(file, commentsOf(file, text), tracked));
    expect(missing).toEqual([]);
  });
});
