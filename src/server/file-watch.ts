import { statSync } from 'node:fs';
import { stat } from 'node:fs/promises';

type Signature = string;

const signatureOf = (info: { mtimeMs: number; size: number; ino: number } | undefined): Signature =>
  info ? `${info.mtimeMs}:${info.size}:${info.ino}` : 'missing';

/**
 * Calls onChange when a file's mtime, size or inode changes. Polling (rather than fs.watch) because secret
 * managers and editors replace files by rename, which fs.watch loses track of; the baseline is taken
 * synchronously here, so a change made right after this call is never missed. Stat-ing a tiny file once
 * a second costs nothing, and the timer is unref'd: it never keeps the process up.
 */
export function watchFileChanges(path: string, onChange: () => void, intervalMs = 1000): () => void {
  let last: Signature;
  try {
    last = signatureOf(statSync(path));
  } catch {
    last = signatureOf(undefined);
  }
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    void stat(path)
      .then(signatureOf, () => signatureOf(undefined))
      .then((current) => {
        if (current !== last) {
          last = current;
          onChange();
        }
      })
      .finally(() => {
        busy = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
