import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page, Route } from '@playwright/test';
import type { Manifest } from 'vite';
import { chunkClosure } from '../src/server/http/screen-preloads.ts';
import { expect, signIn, test } from './fixtures/test.ts';

/** The build `npm start` serves to this run (same default as the server's DIST_DIR). */
function readManifest(): Manifest {
  const dist = resolve(process.env.DIST_DIR ?? 'dist');
  return JSON.parse(readFileSync(resolve(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** A manifest entry's file and every file it imports statically (added to `files`). */
function closure(manifest: Manifest, key: string, files = new Set<string>()): Set<string> {
  chunkClosure(manifest, key, { scripts: files });
  return files;
}

/**
 * Loads `address` holding back the files `held` matches until a request `awaited` accepts has been
 * sent: a request that waited for those files would never come, and the wait fails the test.
 */
async function loadHolding(
  page: Page,
  address: string,
  held: RegExp | string,
  awaited: (url: URL) => boolean,
) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(held, async (route: Route) => {
    await released;
    await route.continue();
  });
  const request = page.waitForRequest((candidate) => awaited(new URL(candidate.url())));
  const navigation = page.goto(address);
  await request;
  release();
  await navigation;
}

test('the inbox asks for its conversations while its code is still downloading', async ({ pageAs, sim }) => {
  void sim; // a fresh seed
  const manifest = readManifest();
  // What every page loads first: the entry and what main.tsx awaits at start (React, the app).
  const entry = closure(manifest, 'index.html');
  for (const started of manifest['index.html']?.dynamicImports ?? []) closure(manifest, started, entry);
  // The inbox's screen code: its route module and what it imports, less what the entry carries and what
  // the loader's small data module shares with it (the API client, the wire schemas).
  const data = closure(manifest, 'src/app/routes/load-inbox-data.ts');
  const inboxCode = [...closure(manifest, 'src/app/routes/inbox.tsx')].filter(
    (file) => !entry.has(file) && !data.has(file),
  );
  expect(inboxCode).toContain(manifest['src/app/routes/inbox.tsx']!.file);

  const page = await pageAs('owner');
  const log: string[] = [];
  page.on('request', (request) => log.push(`start ${new URL(request.url()).pathname}`));
  page.on('requestfinished', (request) => log.push(`end ${new URL(request.url()).pathname}`));

  // The list's first page comes from the BFF's read model (the API's own list only when it is not ready).
  const held = new RegExp(
    `/(${inboxCode.map((file) => file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`,
  );
  await loadHolding(page, '/inbox', held, (url) => url.pathname === '/bff/inbox');

  await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Conversations' }).getByRole('listitem').first()).toBeVisible();

  // The network log, in order: the list request started before any file of the inbox's code finished.
  const requestStarted = log.findIndex((line) => line === 'start /bff/inbox');
  const codeFinished = log.findIndex((line) => inboxCode.some((file) => line === `end /${file}`));
  expect(requestStarted).toBeGreaterThanOrEqual(0);
  expect(codeFinished).toBeGreaterThan(requestStarted);
});

test("a nav link fetches its screen's code when hovered or focused, before it is pressed", async ({
  pageAs,
  sim,
}) => {
  void sim;
  const manifest = readManifest();
  const knowledgeChunk = manifest['src/app/routes/knowledge.tsx']!.file;
  const page = await pageAs('owner');
  await page.goto('/inbox');
  await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();

  const fetched = page.waitForRequest((request) => request.url().endsWith(`/${knowledgeChunk}`));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Knowledge' }).hover();
  await fetched;
  await expect(page).toHaveURL(/\/inbox/);
});

test("a cold load of a signed-in screen checks the session while the app's code is still downloading", async ({
  pageAs,
  sim,
}) => {
  void sim;
  const appChunk = readManifest()['src/app/app.tsx']!.file;
  const page = await pageAs('owner');
  const sessionChecks: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/bff/session') sessionChecks.push(request.url());
  });
  await loadHolding(page, '/knowledge', `**/${appChunk}`, (url) => url.pathname === '/bff/session');

  await expect(page.getByRole('heading', { name: 'Knowledge', level: 1 })).toBeVisible();
  // The app took that answer over: one check for the whole load.
  expect(sessionChecks).toHaveLength(1);
});

/** The build's JavaScript and CSS a page fetched: each file's path, and the bytes it took on the wire. */
function recordAssets(page: Page): { files: Set<string>; bytes: () => Promise<number> } {
  const files = new Set<string>();
  const sizes: Array<Promise<number>> = [];
  page.on('requestfinished', (request) => {
    const path = new URL(request.url()).pathname;
    if (!/^\/assets\/.+\.(js|css)$/.test(path)) return;
    files.add(path.slice(1));
    sizes.push(request.sizes().then((size) => size.responseBodySize));
  });
  return { files, bytes: async () => (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0) };
}

/** A cold load of `address` in a browser with no session and an empty cache, until the sign-in form shows and the network is quiet. */
async function signedOutLoad(browser: Browser, address: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const assets = recordAssets(page);
  await page.goto(address);
  await expect(page.getByLabel('Password')).toBeVisible();
  await page.waitForLoadState('networkidle');
  return { context, page, files: assets.files, bytes: await assets.bytes() };
}

test('a signed-out cold load of any address gets the sign-in page alone, as light as /sign-in', async ({
  browser,
}) => {
  const manifest = readManifest();
  const appCode = [
    'src/app/app.tsx',
    'src/app/layout/app-shell.tsx',
    'src/app/routes/inbox.tsx',
    'src/app/routes/load-inbox-data.ts',
  ].map((module) => manifest[module]!.file);
  const loads = [];
  for (const address of ['/sign-in', '/', '/inbox?status=closed']) {
    const load = await signedOutLoad(browser, address);
    loads.push({ address, ...load });
    await load.context.close();
  }
  const [signInPage, ...others] = loads;
  test.info().annotations.push({
    type: 'bytes of JS and CSS',
    description: loads.map((load) => `${load.address}: ${load.bytes}`).join(', '),
  });
  for (const load of loads) {
    expect(
      [...load.files].filter((file) => appCode.includes(file)),
      load.address,
    ).toEqual([]);
  }
  for (const load of others) {
    expect([...load.files].sort(), load.address).toEqual([...signInPage!.files].sort());
    expect(load.bytes, load.address).toBeLessThanOrEqual(signInPage!.bytes);
  }
});

test('signing in from a deep link loaded without a session lands on it', async ({ browser, sim, stack }) => {
  void sim;
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/inbox?status=closed');
  // The address bar shows the sign-in page, which knows where to go back to.
  await expect(page).toHaveURL(/\/sign-in\?next=%2Finbox%3Fstatus%3Dclosed$/);
  await expect(page.getByRole('heading', { name: 'Sign in', level: 1 })).toBeVisible();
  await signIn(page, 'owner');
  await expect(page).toHaveURL(/\/inbox\?status=closed$/);
  const heading = page.getByRole('heading', { name: 'Inbox', level: 1 });
  await expect(heading).toBeVisible();
  // Focus starts at the screen's heading, not on the page's body.
  await expect(heading).toBeFocused();

  // A session that ended while the browser was away: the next load is the sign-in page again, without
  // the app's code, and returns to the address loaded.
  const ended = await page.request.post('/bff/logout', { headers: { 'X-CSRF': '1', Origin: stack.baseURL } });
  expect(ended.status()).toBe(204);
  const appChunk = readManifest()['src/app/app.tsx']!.file;
  const later = await context.newPage();
  const assets = recordAssets(later);
  await later.goto('/assistant');
  await expect(later).toHaveURL(/\/sign-in\?next=%2Fassistant$/);
  await expect(later.getByLabel('Password')).toBeVisible();
  await later.waitForLoadState('networkidle');
  expect(assets.files).not.toContain(appChunk);
  await signIn(later, 'owner');
  await expect(later).toHaveURL(/\/assistant$/);
  await expect(later.getByRole('form', { name: 'Assistant settings' })).toBeVisible();
  await context.close();
});
