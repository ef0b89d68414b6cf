import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite allows one process per data directory. A lock file holding the owner's pid keeps a second
 * dashboard out with a clear message; a lock left by a process that no longer runs is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, 'dashboard.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(path, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner)) {
        throw new Error(
          `DATA_DIR ${dataDir} is in use by another dashboard process (pid ${owner}). The embedded database ` +
            'allows one process per data directory: stop that process, give this one another DATA_DIR, or ' +
            'set DATABASE_URL to a Postgres server that every replica shares.',
          { cause: error },
        );
      }
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not lock DATA_DIR ${dataDir}`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Why the embedded database's directory cannot be used, naming it and what to do: the start stops with
 * this rather than with the file system's or PGlite's own words.
 */
export function embeddedDirectoryError(dataDir: string, error: unknown): Error {
  const code = (error as NodeJS.ErrnoException).code;
  const detail = (error as Error).message;
  const what =
    code === 'ENOSPC'
      ? 'its disk is full: free space on it, then start again'
      : code !== undefined && /^(EACCES|EPERM|EROFS|ENOTDIR|EEXIST|ENOENT)$/.test(code)
        ? `this process cannot write there (${code}): make it a directory this process's user can write, or set DATA_DIR to one`
        : `its contents cannot be read as a database (${detail}): stop every dashboard process using it, then restore the directory from a backup, or move it aside to start with an empty one (the store's conversations are read again; the team's notes, tags, snoozes, history and settings are lost)`;
  return new Error(`The embedded database in DATA_DIR ${dataDir} cannot be opened: ${what}.`, {
    cause: error,
  });
}
