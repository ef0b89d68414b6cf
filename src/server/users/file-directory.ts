import type { Logger } from '../http/logger.ts';
import { changedUsers, createDirectory, type UserDirectory } from './directory.ts';
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
  let entries = toDirectoryEntries(readUsersFileSync(path));
  const directory = createDirectory(entries);
  const listeners: ((emails: string[]) => void)[] = [];
  return {
    findByEmail: (email) => directory.findByEmail(email),
    roster: () => directory.roster(),
    onUsersChanged: (listener) => void listeners.push(listener),
    async reload() {
      try {
        const before = entries.users;
        entries = toDirectoryEntries(await readUsersFile(path));
        directory.replace(entries);
        const changed = changedUsers(before, directory);
        if (changed.length > 0) for (const listener of listeners) listener(changed);
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
