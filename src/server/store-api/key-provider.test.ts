import { mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { watchFileChanges } from '../file-watch.ts';
import { createLogger } from '../log/logger.ts';
import { startFakeUpstream, type FakeUpstream } from '../testing/fake-upstream.ts';
import { buildTestApp, READ_HEADERS, signIn } from '../testing/test-app.ts';
import { captureLogs, capturedLogger } from '../testing/logged-lines.ts';
import { fileKeyProvider, KeyFileError } from './key-provider.ts';

let upstream: FakeUpstream;
beforeAll(async () => {
  upstream = await startFakeUpstream();
});
afterAll(() => upstream.close());

const keyFile = (content: string) => {
  const path = join(mkdtempSync(join(tmpdir(), 'bff-key-')), 'key');
  writeFileSync(path, content);
  return path;
};

describe('file-backed API key', () => {
  it('reads the key (trimmed) and fails clearly, without the content, when it is unusable', () => {
    const logs = captureLogs();
    expect(fileKeyProvider(keyFile('sk_test_one\n'), createLogger('info', logs)).current()).toBe(
      'sk_test_one',
    );
    expect(() => fileKeyProvider(keyFile('   \n'), createLogger('info', logs))).toThrow(KeyFileError);
    expect(() => fileKeyProvider('/nonexistent/key', createLogger('info', logs))).toThrow(/does not exist/);
    try {
      fileKeyProvider(keyFile('sk_test with space'), createLogger('info', logs));
    } catch (error) {
      expect((error as Error).message).not.toContain('sk_test with space');
    }
  });

  it('uses a rotated key for the next request after a reload, and keeps the old one when the file is broken', async () => {
    const path = keyFile('sk_test_old');
    const logs = captureLogs();
    const keys = fileKeyProvider(path, createLogger('info', logs));
    const { app } = await buildTestApp({ upstreamUrl: upstream.url, keys });
    const cookie = await signIn(app);
    await app.request('/api/v1/agent-config', { headers: { ...READ_HEADERS, cookie } });
    expect(upstream.requests.at(-1)!.headers.authorization).toBe('Bearer sk_test_old');

    // Rotation the way secret managers do it: write a new file, rename it over the old one.
    writeFileSync(`${path}.new`, 'sk_test_new\n');
    renameSync(`${path}.new`, path);
    expect(await keys.reload()).toBe(true);
    await app.request('/api/v1/agent-config', { headers: { ...READ_HEADERS, cookie } });
    expect(upstream.requests.at(-1)!.headers.authorization).toBe('Bearer sk_test_new');

    writeFileSync(path, '');
    expect(await keys.reload()).toBe(false);
    expect(keys.current()).toBe('sk_test_new');
    for (const line of logs.lines) {
      expect(line).not.toContain('sk_test_old');
      expect(line).not.toContain('sk_test_new');
    }
  });

  it('notices a changed file by itself (watch)', async () => {
    const path = keyFile('sk_test_first');
    const keys = fileKeyProvider(path, capturedLogger());
    const stop = watchFileChanges(path, () => void keys.reload(), 20);
    try {
      writeFileSync(`${path}.new`, 'sk_test_second_longer');
      renameSync(`${path}.new`, path);
      await vi.waitFor(() => expect(keys.current()).toBe('sk_test_second_longer'), {
        timeout: 5000,
        interval: 20,
      });
    } finally {
      stop();
    }
  });
});
