import { describe, expect, it } from 'vitest';
import { DashboardDatabase } from '../composition/dashboard-database.ts';
import { DatabaseUnavailableError } from '../db/database.ts';
import { bothDrivers } from '../testing/test-databases.ts';
import { createLogger } from '../log/logger.ts';
import { TEST_SCRYPT } from '../testing/test-app.ts';
import { captureLogs, capturedLogger } from '../testing/logged-lines.ts';
import { hashPassword } from './password.ts';
import { openPeople, PeopleDirectory } from './people-directory.ts';

const person = async (email: string, role: 'owner' | 'staff', id: string) => ({
  id,
  email,
  name: id,
  role,
  passwordHash: await hashPassword('pw', TEST_SCRYPT),
});

describe.each(bothDrivers())('the people directory on %s', (driver) => {
  const directoryWith = (logs: ReturnType<typeof captureLogs>) =>
    new PeopleDirectory(
      new DashboardDatabase(Promise.resolve(driver.database)).people(Date.now),
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
    (await openPeople(directory, { entries: file, source: 'users file' }, capturedLogger()))();
    (await openPeople(directory, { entries: file, source: 'users file' }, createLogger('info', logs)))();
    expect(directory.findByEmail('ANA@example.com')).toMatchObject({ id: 'usr_ana', role: 'owner' });
    expect(directory.roster()).toEqual(
      expect.arrayContaining([
        { id: 'usr_ana', name: 'usr_ana' },
        { id: 'usr_jo', name: 'Jo' },
      ]),
    );

    // A later start (another replica, a restart with a changed file) imports nothing.
    const later = directoryWith(logs);
    const changed = { users: [await person('bo@example.com', 'owner', 'usr_bo')] };
    (await openPeople(later, { entries: changed, source: 'users file' }, createLogger('info', logs)))();
    expect(later.findByEmail('bo@example.com')).toBeUndefined();
    expect(later.findByEmail('ana@example.com')).toBeDefined();
    expect(logs.lines.join('\n')).toContain('"event":"people.import_skipped"');
  });

  it('logs the import, and warns when no owner can sign in', async () => {
    const logs = captureLogs();
    const entries = { users: [await person('cy@example.com', 'staff', 'usr_cy')] };
    (await openPeople(directoryWith(logs), { entries, source: 'users file' }, createLogger('info', logs)))();
    const lines = logs.lines.join('\n');
    expect(lines).toContain('imported 1 people from the users file into the database');
    expect(lines).toContain('"event":"people.no_owner"');
  });
});
