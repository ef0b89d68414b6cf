import { unwatchFile, watchFile, type Stats } from 'node:fs';

/**
 * Calls onChange when a file's mtime, size or inode changes. fs.watchFile (stat polling) is used rather
 * than fs.watch because secret managers and editors replace files by rename, which fs.watch loses track
 * of; polling a tiny file once a second costs nothing. The timer is unref'd: it never keeps the process up.
 */
export function watchFileChanges(path: string, onChange: () => void, intervalMs = 1000): () => void {
  const listener = (current: Stats, previous: Stats) => {
    if (
      current.mtimeMs !== previous.mtimeMs ||
      current.size !== previous.size ||
      current.ino !== previous.ino
    ) {
      onChange();
    }
  };
  const watcher = watchFile(path, { interval: intervalMs, persistent: false }, listener);
  watcher.unref?.();
  return () => unwatchFile(path, listener);
}
