import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../http/logger.ts';
import { TEST_SCRYPT } from '../testing/test-app.ts';
import { createFileDirectory } from './file-directory.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { readUsersFileSync, UsersFileError, writeUsersFileAtomic } from './users-file.ts';

const tempDir = () => mkdtempSync(join(tmpdir(), 'bff-users-'));

describe('users file', () => {
  it('loads users and roster-only members into the directory', async () => {
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
    const directory = createFileDirectory(path, createLogger('silent'));
    expect(directory.findByEmail('ana@shop.example')).toMatchObject({ id: 'usr_ana', role: 'owner' });
    expect(directory.roster()).toEqual([
      { id: 'usr_ana', name: 'Ana' },
      { id: 'usr_jo', name: 'Jo' },
    ]);
    expect(readdirSync(join(path, '..'))).toEqual(['users.json']); // no temporary file left behind
  });

  it('refuses a broken file with a message naming the file and the problem', async () => {
    const dir = tempDir();
    const write = (name: string, text: string) => {
      writeFileSync(join(dir, name), text);
      return join(dir, name);
    };
    expect(() => readUsersFileSync(join(dir, 'missing.json'))).toThrow(/missing.json: does not exist/);
    expect(() => readUsersFileSync(write('a.json', '{'))).toThrow(/not valid JSON/);
    expect(() =>
      readUsersFileSync(
        write('b.json', '{"users":[{"name":"x","store_user_id":"usr_x","password_hash":"plain"}]}'),
      ),
    ).toThrow(UsersFileError);
    const hash = await hashPassword('pw', TEST_SCRYPT);
    const dup = { email: 'a@x.io', name: 'A', role: 'staff', store_user_id: 'usr_a', password_hash: hash };
    expect(() =>
      readUsersFileSync(
        write('c.json', JSON.stringify({ users: [dup, { ...dup, store_user_id: 'usr_b' }] })),
      ),
    ).toThrow(/duplicate email/);
  });

  it('reload keeps the previous directory when the new file is invalid', async () => {
    const path = join(tempDir(), 'users.json');
    const hash = await hashPassword('pw', TEST_SCRYPT);
    await writeUsersFileAtomic(path, {
      users: [{ email: 'a@x.io', name: 'A', role: 'staff', store_user_id: 'usr_a', password_hash: hash }],
    });
    const directory = createFileDirectory(path, createLogger('silent'));
    writeFileSync(path, 'not json');
    expect(await directory.reload()).toBe(false);
    expect(directory.findByEmail('a@x.io')).toBeDefined();
    await writeUsersFileAtomic(path, {
      users: [{ email: 'b@x.io', name: 'B', role: 'owner', store_user_id: 'usr_b', password_hash: hash }],
    });
    expect(await directory.reload()).toBe(true);
    expect(directory.findByEmail('a@x.io')).toBeUndefined();
    expect(directory.findByEmail('b@x.io')?.role).toBe('owner');
  });
});

describe('npm run users:add', () => {
  const cli = resolve(import.meta.dirname, '../cli/add-user.ts');
  const run = (args: string[], input: string) =>
    spawnSync(process.execPath, ['--import', 'tsx', cli, ...args], {
      input,
      encoding: 'utf8',
      cwd: resolve(import.meta.dirname, '../../..'),
    });

  it('adds a user with a real-cost hash read from stdin, and refuses duplicates without --replace', async () => {
    const file = join(tempDir(), 'users.json');
    const base = [
      '--file',
      file,
      '--email',
      'Ana@Shop.example',
      '--name',
      'Ana Díaz',
      '--role',
      'staff',
      '--store-user',
      'usr_ana',
    ];
    const added = run([...base, '--password-stdin'], 'a long enough password\n');
    expect(added.stderr).toBe('');
    expect(added.status).toBe(0);
    expect(added.stdout).toContain('Added ana@shop.example');
    expect(added.stdout).not.toContain('a long enough password');
    const saved = JSON.parse(readFileSync(file, 'utf8')) as { users: { password_hash: string }[] };
    expect(saved.users).toHaveLength(1);
    expect(saved.users[0]).toMatchObject({
      email: 'ana@shop.example',
      name: 'Ana Díaz',
      role: 'staff',
      store_user_id: 'usr_ana',
    });
    expect(saved.users[0]!.password_hash.startsWith('$scrypt$ln=17,r=8,p=1$')).toBe(true);
    expect(await verifyPassword('a long enough password', saved.users[0]!.password_hash)).toBe(true);

    const again = run([...base, '--password-stdin'], 'another long password\n');
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('--replace');

    const roster = run(['--file', file, '--name', 'Jo', '--store-user', 'usr_jo', '--no-login'], '');
    expect(roster.status).toBe(0);
    expect(createFileDirectory(file, createLogger('silent')).roster()).toHaveLength(2);
    // Four CLI processes (each starting tsx) and two real-cost hashes: seconds each on a busy 2-core machine.
  }, 30_000);

  it('refuses a short password and a bad role', () => {
    const file = join(tempDir(), 'users.json');
    const short = run(
      [
        '--file',
        file,
        '--email',
        'a@x.io',
        '--name',
        'A',
        '--role',
        'staff',
        '--store-user',
        'usr_a',
        '--password-stdin',
      ],
      'short\n',
    );
    expect(short.status).toBe(1);
    expect(short.stderr).toContain('at least 12 characters');
    const role = run(
      ['--file', file, '--email', 'a@x.io', '--name', 'A', '--role', 'admin', '--store-user', 'usr_a'],
      'long enough password\n',
    );
    expect(role.status).toBe(1);
    expect(role.stderr).toContain('--role must be owner or staff');
  });
});
