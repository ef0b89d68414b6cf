import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { keyProblem } from '../config/environment.ts';
import type { Logger } from '../log/logger.ts';

/**
 * Supplies the store's secret key for each upstream request. A file-backed key is re-read when the file
 * changes or on SIGHUP, so a merchant rolls the key inside the Commerce API's grace window without a
 * restart: the next request after the reload carries the new secret.
 *
 * Neither the key nor the file's content is ever put in a message or a log line.
 */
export interface KeyProvider {
  current(): string;
}

export interface FileKeyProvider extends KeyProvider {
  reload(): Promise<boolean>;
}

export class KeyFileError extends Error {
  constructor(path: string, detail: string) {
    super(`COMMERCE_API_KEY_FILE ${path}: ${detail}`);
    this.name = 'KeyFileError';
  }
}

export function staticKeyProvider(key: string): KeyProvider {
  return { current: () => key };
}

function parseKeyFile(path: string, text: string): string {
  const key = text.trim();
  const problem = keyProblem(key);
  if (problem) throw new KeyFileError(path, `the key in the file ${problem}`);
  return key;
}

function readError(path: string, error: unknown): KeyFileError {
  const code = (error as NodeJS.ErrnoException).code;
  return new KeyFileError(path, code === 'ENOENT' ? 'does not exist' : `cannot be read (${code ?? 'error'})`);
}

export function fileKeyProvider(path: string, logger: Logger): FileKeyProvider {
  let key: string;
  try {
    key = parseKeyFile(path, readFileSync(path, 'utf8'));
  } catch (error) {
    throw error instanceof KeyFileError ? error : readError(path, error);
  }
  return {
    current: () => key,
    async reload() {
      let next: string;
      try {
        next = parseKeyFile(path, await readFile(path, 'utf8'));
      } catch (error) {
        // Mid-rotation the file may be briefly missing or empty: keep serving with the key we have.
        const reason = error instanceof KeyFileError ? error.message : readError(path, error).message;
        logger.error({ reason }, 'API key file reload failed; keeping the current key');
        return false;
      }
      if (next !== key) {
        key = next;
        logger.info({ file: path }, 'API key reloaded from file');
      }
      return true;
    },
  };
}
