import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEST_SCRYPT } from '../testing/test-app.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { People } from './people.ts';
import { readUsersFile, toDirectoryEntries, UsersFileError, writeUsersFileAtomic } from './users-file.ts';
import { openEmbeddedTestDatabase } from '../testing/embedded-test-database.ts';

const tempDir = () => mkdtempSync(join(tmpdir(), 'bff-users-'));

describe('users file', () => {
  it('reads users and roster-only members', async () => {
    const path = join(tempDir(), 'users.json');
    const hash = await hashPassword('pw', TEST_SCRYPT);
    await writeUsersFileAtomic(path, {
      users: [
        {
          email: 'Ana@Shop.example',
          name: 'Ana',
          role: 'owner',
          store_user_id: 'usr_ana',
          password_hash: hash,
        },
        { name: 'Jo', store_user_id: 'usr_jo' },
      ],
    });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    const entries = toDirectoryEntries(await readUsersFile(path));
    expect(entries.users).toEqual([
      { id: 'usr_ana', email: 'ana@shop.example', name: 'Ana', role: 'owner', passwordHash: hash },
    ]);
    expect(entries.rosterOnly).toEqual([{ id: 'usr_jo', name: 'Jo' }]);
    expect(readdirSync(join(path, '..'))).toEqual(['users.json']); // no temporary file left behind
  });

  it('refuses a broken file with a message naming the file and the problem', async () => {
    const dir = tempDir();
    const write = (name: string, text: string) => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    };
    await expect(readUsersFile(join(dir, 'missing.json'))).rejects.toThrow(/missing.json: does not exist/);
    await expect(readUsersFile(write('a.json', '{'))).rejects.toThrow(/not valid JSON/);
    await expect(
      readUsersFile(
        write('b.json', '{"users":[{"name":"x","store_user_id":"usr_x","password_hash":"plain"}]}'),
      ),
    ).rejects.toThrow(UsersFileError);
    const hash = await hashPassword('pw', TEST_SCRYPT);
    const dup = { email: 'a@x.io', name: 'A', role: 'staff', store_user_id: 'usr_a', password_hash: hash };
    await expect(
      readUsersFile(write('c.json', JSON.stringify({ users: [dup, { ...dup, store_user_id: 'usr_b' }] }))),
    ).rejects.toThrow(/duplicate email/);
  });
});

describe('npm run users:add', () => {
  const cli = resolve(import.meta.dirname, '../cli/add-user.ts');
  const run = (dataDir: string, args: string[], input: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], {
      input,
      encoding: 'utf8',
      cwd: resolve(import.meta.dirname, '../../..'),
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    });
  const base = [
    '--email',
    'Ana@Shop.example',
    '--name',
    'Ana Díaz',
    '--role',
    'owner',
    '--store-user',
    'usr_ana',
  ];

  it('adds a person to the database with a real-cost hash read from stdin', async () => {
    const dataDir = tempDir();
    const added = run(dataDir, [...base, '--password-stdin'], 'a long enough password\n');
    expect(added.stderr).toBe('');
    expect(added.status).toBe(0);
    expect(added.stdout).toContain('Added ana@shop.example');
    expect(added.stdout).not.toContain('a long enough password');

    const database = await openEmbeddedTestDatabase(dataDir);
    try {
      const entries = await new People(database.db, Date.now).directoryEntries();
      expect(entries.users).toHaveLength(1);
      expect(entries.users[0]).toMatchObject({
        email: 'ana@shop.example',
        name: 'Ana Díaz',
        role: 'owner',
        id: 'usr_ana',
      });
      expect(entries.users[0]!.passwordHash.startsWith('$scrypt$ln=17,r=8,p=1$')).toBe(true);
      expect(await verifyPassword('a long enough password', entries.users[0]!.passwordHash)).toBe(true);
      // A second add of the same person is refused unless it says --replace.
      const people = new People(database.db, Date.now);
      await expect(people.put({ ...entries.users[0]!, storeUserId: 'usr_other' }, false)).rejects.toThrow(
        'person_exists',
      );
      await people.put({ name: 'Jo', role: 'staff', storeUserId: 'usr_jo' }, false);
      expect((await people.directoryEntries()).rosterOnly).toEqual([{ id: 'usr_jo', name: 'Jo' }]);
    } finally {
      await database.close();
    }
    // A CLI process starting tsx and creating the embedded database, and a real-cost hash: seconds, more
    // on a busy machine.
  }, 120_000);

  it('refuses a short password and a bad role before it opens the database', () => {
    const dataDir = tempDir();
    const short = run(dataDir, [...base, '--password-stdin'], 'short\n');
    expect(short.status).toBe(1);
    expect(short.stderr).toContain('at least 12 characters');
    const role = run(
      dataDir,
      [...base.slice(0, 5), 'admin', '--store-user', 'usr_a'],
      'long enough password\n',
    );
    expect(role.status).toBe(1);
    expect(role.stderr).toContain('--role must be owner or staff');
    expect(readdirSync(dataDir)).toEqual([]);
  });
});
