import type { Logger } from '../http/logger.ts';
import { createDirectory, type UserDirectory } from './directory.ts';
import { readUsersFile, readUsersFileSync, toDirectoryEntries } from './users-file.ts';

export interface FileDirectory extends UserDirectory {
  /** Re-reads the file; keeps the previous directory (and says so in the log) when the new one is invalid. */
  reload(): Promise<boolean>;
}

/**
 * The real store's directory. Read synchronously at start so a broken file stops the BFF with a clear
 * message; re-read on change and on SIGHUP so `npm run users:add` takes effect without a restart.
 */
export function createFileDirectory(path: string, logger: Logger): FileDirectory {
  const directory = createDirectory(toDirectoryEntries(readUsersFileSync(path)));
  return {
    findByEmail: (email) => directory.findByEmail(email),
    roster: () => directory.roster(),
    async reload() {
      try {
        directory.replace(toDirectoryEntries(await readUsersFile(path)));
        logger.info({ file: path }, 'users directory reloaded');
        return true;
      } catch (error) {
        logger.error(
          { err_message: (error as Error).message },
          'users directory reload failed; keeping the previous one',
        );
        return false;
      }
    },
  };
}
