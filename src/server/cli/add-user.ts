import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { roleSchema } from '../../schemas/bff.ts';
import { PASSWORD_MAX, PASSWORD_MIN, STORE_USER_ID_PATTERN } from '../../schemas/team.ts';
import { openDatabase } from '../db/database.ts';
import type { DatabaseConfig } from '../config/config.ts';
import { hashPassword } from '../users/password.ts';
import { People } from '../users/people.ts';
import { TeamRefusalError } from '../users/team-writes.ts';
import { promptHidden, readPasswordFromPipe } from './read-password.ts';

/**
 * npm run users:add -- --email ana@shop.example --name "Ana Díaz" --role owner --store-user usr_ana
 *
 * Adds (or with --replace, updates) a person in the dashboard's database: the first owner of a new
 * deployment, or a way back in when no owner can sign in. The database is the server's: DATABASE_URL, or
 * the embedded one in DATA_DIR (default ./data; stop the server first, it holds that folder). The password
 * is read from the terminal without echo, or from stdin when piped (--password-stdin), never from the
 * command line (where it would land in shell history and the process list). --no-login adds a roster
 * member who cannot sign in. A running server sees the change within seconds.
 */
const USAGE = `Usage: npm run users:add -- --email <email> --name <name> --role owner|staff --store-user <usr_...> [--password-stdin] [--replace] [--no-login]`;

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(1);
}

async function readPassword(fromStdin: boolean): Promise<string> {
  if (fromStdin || !process.stdin.isTTY) return readPasswordFromPipe();
  const first = await promptHidden('Password: ');
  const second = await promptHidden('Repeat the password: ');
  if (first !== second) fail('The two passwords differ.');
  return first;
}

function databaseConfig(): DatabaseConfig {
  const url = process.env.DATABASE_URL?.trim();
  if (url) return { kind: 'postgres', url };
  return { kind: 'pglite', dataDir: resolve(process.env.DATA_DIR?.trim() || 'data') };
}

async function main() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        role: { type: 'string' },
        'store-user': { type: 'string' },
        'password-stdin': { type: 'boolean', default: false },
        replace: { type: 'boolean', default: false },
        'no-login': { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
      strict: true,
    }));
  } catch (error) {
    fail((error as Error).message);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const name = values.name?.trim();
  if (!name) fail('--name is required.');
  const storeUser = values['store-user'];
  if (!storeUser || !STORE_USER_ID_PATTERN.test(storeUser))
    fail('--store-user must be the store user id (usr_...).');
  const login = !values['no-login'];
  const email = values.email?.trim().toLowerCase();
  const role = roleSchema.safeParse(values.role ?? (login ? undefined : 'staff'));
  if (login && !email) fail('--email is required.');
  if (!role.success) fail('--role must be owner or staff.');

  let passwordHash: string | undefined;
  if (login) {
    const password = await readPassword(values['password-stdin']);
    if (password.length < PASSWORD_MIN) fail(`The password must be at least ${PASSWORD_MIN} characters.`);
    if (password.length > PASSWORD_MAX) fail(`The password must be at most ${PASSWORD_MAX} characters.`);
    passwordHash = await hashPassword(password);
  }
  const database = await openDatabase(databaseConfig());
  try {
    const outcome = await new People(database.db, Date.now).put(
      { email: login ? email : undefined, name, role: role.data, storeUserId: storeUser, passwordHash },
      values.replace,
    );
    process.stdout.write(
      `${outcome === 'added' ? 'Added' : 'Updated'} ${login ? `${email} (${role.data}, ${storeUser})` : `${name} (${storeUser}, roster only)`}.\n`,
    );
  } catch (error) {
    if (error instanceof TeamRefusalError)
      fail('There is already a person with this email or store user id; pass --replace to update them.');
    throw error;
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
});
