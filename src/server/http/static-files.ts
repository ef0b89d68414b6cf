import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import type { Context, Handler } from 'hono';
import type { AppEnv } from './app-env.ts';
import { bytesBody } from './bytes-body.ts';
import { errorResponse, notFound } from './errors.ts';
import { rawRequestTarget } from './raw-target.ts';
import { screenPreloads } from './screen-preloads.ts';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Paths that belong to the server, never to the SPA: no index.html fallback there. */
const SERVER_PREFIXES = ['/api', '/bff', '/healthz', '/readyz'];
const isServerPath = (path: string) =>
  SERVER_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));

interface FoundFile {
  body: Buffer;
  etag: string;
}

/** Encodings the build writes beside each text asset (vite.config.ts), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;
type Encoding = (typeof ENCODINGS)[number];

/** Types worth compressing; images and fonts are compressed already. */
const isCompressible = (type: string) =>
  /^(text\/|application\/(json|manifest\+json)|image\/svg\+xml)/.test(type);

/**
 * The encodings the client accepts, per RFC 9110 section 12.5.3: `q=0` refuses, `*` covers what is not
 * named. Returns them in the server's order of preference (Brotli first, it is the smaller).
 */
export function acceptedEncodings(header: string | undefined): Encoding[] {
  if (!header) return [];
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName, ...params] = part.trim().toLowerCase().split(';');
    const name = rawName?.trim();
    if (!name) continue;
    const q = params
      .map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1])
      .find((value) => value !== undefined);
    weights.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  return ENCODINGS.filter((encoding) => weight(encoding.name) > 0);
}

/** If-None-Match may list several tags (or `*`); weak comparison, as RFC 9110 asks for GET. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/**
 * Serves the Vite build (dist/):
 * - /assets/* are content-hashed: cached for a year, immutable;
 * - index.html is revalidated on every load (no-cache + ETag), so a deploy is picked up at once, and
 *   comes with a `Link` header naming the JavaScript its address needs (screen-preloads.ts): the sign-in
 *   page's when `signedIn` says the request has no session, as the page will then show that;
 * - other files (favicon...) are cached briefly;
 * - GET navigations to any other path get index.html (client-side routing); missing files with an
 *   extension, and anything under /assets, are a real 404 (never HTML served as a script).
 * The CSP for the document is set by security-headers.ts from the text/html content type.
 */
export function staticFiles(
  distDir: string,
  { signedIn }: { signedIn?: (c: Context<AppEnv>) => Promise<boolean> } = {},
): Handler<AppEnv> {
  const root = resolve(distDir);
  const preloadsFor = screenPreloads(root);

  async function load(relative: string, encoding?: Encoding): Promise<FoundFile | undefined> {
    const full = resolve(join(root, relative + (encoding?.suffix ?? '')));
    if (full !== root && !full.startsWith(root + sep)) return undefined;
    try {
      const info = await stat(full);
      if (!info.isFile()) return undefined;
      // Each encoding is its own representation, so it has its own tag (RFC 9110 section 8.8.3).
      const tag = `${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}`;
      return {
        body: await readFile(full),
        etag: `W/"${encoding ? `${tag}-${encoding.name}` : tag}"`,
      };
    } catch {
      return undefined;
    }
  }

  /** The best precompressed copy the client accepts, else the file itself. */
  async function loadBest(relative: string, type: string, acceptEncoding: string | undefined) {
    if (isCompressible(type)) {
      for (const encoding of acceptedEncodings(acceptEncoding)) {
        const file = await load(relative, encoding);
        if (file) return { file, encoding: encoding.name };
      }
    }
    const file = await load(relative);
    return file ? { file, encoding: undefined } : undefined;
  }

  function respond(
    method: string,
    ifNoneMatch: string | undefined,
    found: { file: FoundFile; encoding: string | undefined },
    type: string,
    cache: string,
    link?: string,
    vary = 'Accept-Encoding',
  ) {
    const headers: Record<string, string> = {
      'content-type': type,
      'cache-control': cache,
      etag: found.file.etag,
    };
    if (link) headers.link = link;
    // Caches must key text assets on Accept-Encoding, whichever copy this answer carries.
    if (isCompressible(type)) headers.vary = vary;
    if (found.encoding) headers['content-encoding'] = found.encoding;
    if (matches(ifNoneMatch, found.file.etag)) return new Response(null, { status: 304, headers });
    return new Response(method === 'HEAD' ? null : bytesBody(found.file.body), { status: 200, headers });
  }

  return async (c) => {
    c.set('route', 'static');
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD') return notFound();
    const target = rawRequestTarget(c);
    const queryStart = target.indexOf('?');
    const path = queryStart === -1 ? target : target.slice(0, queryStart);
    if (isServerPath(path)) return notFound();

    const segments = path.split('/').filter((segment) => segment !== '');
    let decoded: string[];
    try {
      decoded = segments.map((segment) => decodeURIComponent(segment));
    } catch {
      return notFound();
    }
    // eslint-disable-next-line no-control-regex
    if (decoded.some((segment) => segment === '..' || segment === '.' || /[\\/\u0000]/.test(segment)))
      return notFound();
    // Dotfiles and dot-folders (/.env, /.git/config) are never the SPA's: a real 404, not index.html.
    if (decoded.some((segment) => segment.startsWith('.'))) return notFound();

    const ifNoneMatch = c.req.header('if-none-match');
    const acceptEncoding = c.req.header('accept-encoding');
    const relative = decoded.join('/');
    if (relative !== '' && relative !== 'index.html') {
      const type = CONTENT_TYPES[extname(relative).toLowerCase()] ?? 'application/octet-stream';
      const file = await loadBest(relative, type, acceptEncoding);
      if (file) {
        const immutable = decoded[0] === 'assets';
        return respond(
          method,
          ifNoneMatch,
          file,
          type,
          immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
      }
      if (decoded[0] === 'assets' || extname(decoded[decoded.length - 1]!) !== '') return notFound();
    }

    const index = await loadBest('index.html', CONTENT_TYPES['.html']!, acceptEncoding);
    if (!index) {
      return errorResponse(
        503,
        'not_built',
        'The dashboard has not been built yet. Run npm run build (npm start does it).',
      );
    }
    c.set('route', 'spa');
    // A session store that cannot answer announces the signed-in files: the page finds out for itself.
    const withSession = signedIn ? await signedIn(c).catch(() => true) : true;
    const link = await preloadsFor(path, withSession);
    // The Link header depends on the session cookie.
    const vary = signedIn ? 'Accept-Encoding, Cookie' : undefined;
    return respond(method, ifNoneMatch, index, CONTENT_TYPES['.html']!, 'no-cache', link, vary);
  };
}
