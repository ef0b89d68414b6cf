import { describe, expect, it } from 'vitest';
import { DashboardDatabase } from '../composition/dashboard-database.ts';
import { DatabaseUnavailableError } from '../db/database.ts';
import { bothDrivers } from '../testing/test-databases.ts';
import { createLogger } from '../log/logger.ts';
import { TEST_SCRYPT } from '../testing/test-app.ts';
import { captureLogs, capturedLogger } from '../testing/logged-lines.ts';
import type { DirectoryEntries } from './directory.ts';
import { hashPassword } from './password.ts';
import { openPeople, PeopleDirectory } from './people-directory.ts';
import { People } from './people.ts';

const person = async (email: string, role: 'owner' | 'staff', id: string) => ({
  id,
  email,
  name: id,
  role,
  passwordHash: await hashPassword('pw', TEST_SCRYPT),
});

const usersFile = (entries: DirectoryEntries) => ({
  source: 'users file',
  read: () => Promise.resolve(entries),
});

const deleted = {
  source: 'users file',
  read: () => Promise.reject(new Error('users.json: does not exist')),
};

describe.each(bothDrivers())('the people directory on %s', (driver) => {
  const directoryWith = (logs: ReturnType<typeof captureLogs>) =>
    new PeopleDirectory(
      new DashboardDatabase(Promise.resolve(driver.database)).store((db) => new People(db, Date.now)),
      createLogger('info', logs),
    );

  it('imports the users file into an empty database once, and says so in the log', async () => {
    const logs = captureLogs();
    const directory = directoryWith(logs);
    // Before the first read nobody can be looked up: a 503, never "unknown person".
    expect(() => directory.findByEmail('ana@example.com')).toThrow(DatabaseUnavailableError);
    const file = {
      users: [await person('ana@example.com', 'owner', 'usr_ana')],
      rosterOnly: [{ id: 'usr_jo', name: 'Jo' }],
    };
    // A file that cannot be read stops the start with its message while the database has nobody.
    await expect(openPeople(directory, deleted, capturedLogger())).rejects.toThrow('does not exist');
    (await openPeople(directory, usersFile(file), capturedLogger()))();
    (await openPeople(directory, usersFile(file), createLogger('info', logs)))();
    expect(directory.findByEmail('ANA@example.com')).toMatchObject({ id: 'usr_ana', role: 'owner' });
    expect(directory.roster()).toEqual(
      expect.arrayContaining([
        { id: 'usr_ana', name: 'usr_ana' },
        { id: 'usr_jo', name: 'Jo' },
      ]),
    );

    // A later start (another replica, a restart with a changed or deleted file) does not read it.
    const later = directoryWith(logs);
    (await openPeople(later, deleted, createLogger('info', logs)))();
    expect(later.findByEmail('bo@example.com')).toBeUndefined();
    expect(later.findByEmail('ana@example.com')).toBeDefined();
    expect(logs.lines.join('\n')).toContain('"event":"people.import_skipped"');
  });

  it('logs the import, and warns when no owner can sign in', async () => {
    const logs = captureLogs();
    const entries = { users: [await person('cy@example.com', 'staff', 'usr_cy')] };
    (await openPeople(directoryWith(logs), usersFile(entries), createLogger('info', logs)))();
    const lines = logs.lines.join('\n');
    expect(lines).toContain('imported 1 people from the users file into the database');
    expect(lines).toContain('"event":"people.no_owner"');
  });

  it('starts a new deployment without a users file, and the log says how to add the first owner', async () => {
    const logs = captureLogs();
    const directory = directoryWith(logs);
    (await openPeople(directory, undefined, createLogger('info', logs)))();
    expect(directory.findByEmail('ana@example.com')).toBeUndefined();
    const lines = logs.lines.join('\n');
    expect(lines).toContain('"event":"people.no_owner"');
    expect(lines).toContain(
      'add one with npm run users:add -- --email <email> --name <name> --role owner --store-user <usr_...>',
    );
    expect(lines).not.toContain('"event":"people.import');
  });
});
