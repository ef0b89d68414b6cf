import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Route } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';

type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[] };
type Manifest = Record<string, ManifestChunk>;

/** The build `npm start` serves to this run (same default as the server's DIST_DIR). */
function readManifest(): Manifest {
  const dist = resolve(process.env.DIST_DIR ?? 'dist');
  return JSON.parse(readFileSync(resolve(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** A manifest entry's file and every file it imports statically. */
function closure(manifest: Manifest, key: string, files = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, files);
  return files;
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

  // Hold every file of the inbox's code until its first data request has been sent. If that request
  // waited for the code, it would never come and the wait below fails.
  let releaseCode: () => void = () => {};
  const codeReleased = new Promise<void>((resolve) => (releaseCode = resolve));
  const held = new RegExp(
    `/(${inboxCode.map((file) => file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`,
  );
  await page.route(held, async (route: Route) => {
    await codeReleased;
    await route.continue();
  });

  // The list's first page comes from the BFF's read model (the API's own list only when it is not ready).
  const firstRequest = page.waitForRequest((request) => new URL(request.url()).pathname === '/bff/inbox');
  const navigation = page.goto('/inbox');
  await firstRequest;
  releaseCode();
  await navigation;

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
  // Hold the app's own chunk until the session check has been sent: a check that waited for the app
  // would never come, and the wait below fails.
  let releaseApp: () => void = () => {};
  const appReleased = new Promise<void>((resolve) => (releaseApp = resolve));
  await page.route(`**/${appChunk}`, async (route: Route) => {
    await appReleased;
    await route.continue();
  });
  const sessionChecks: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/bff/session') sessionChecks.push(request.url());
  });

  const sessionCheck = page.waitForRequest((request) => new URL(request.url()).pathname === '/bff/session');
  const navigation = page.goto('/knowledge');
  await sessionCheck;
  releaseApp();
  await navigation;

  await expect(page.getByRole('heading', { name: 'Knowledge', level: 1 })).toBeVisible();
  // The app took that answer over: one check for the whole load.
  expect(sessionChecks).toHaveLength(1);
});
