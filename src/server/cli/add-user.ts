import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { roleSchema } from '../../schemas/bff.ts';
import { hashPassword } from '../users/password.ts';
import {
  readUsersFile,
  STORE_USER_ID_PATTERN,
  writeUsersFileAtomic,
  type UsersFile,
} from '../users/users-file.ts';
import { promptHidden, readPasswordFromPipe } from './read-password.ts';

/**
 * npm run users:add -- --file users.json --email ana@shop.example --name "Ana Díaz" --role staff --store-user usr_ana
 *
 * Adds (or with --replace, updates) a dashboard user in DASHBOARD_USERS_FILE. The password is read from the
 * terminal without echo, or from stdin when piped (--password-stdin), never from the command line (where it
 * would land in shell history and the process list). --no-login adds a roster member who cannot sign in.
 * The file is written atomically; a running BFF picks the change up by itself.
 */
const USAGE = `Usage: npm run users:add -- --file <users.json> --email <email> --name <name> --role owner|staff --store-user <usr_...> [--password-stdin] [--replace] [--no-login]`;
const MIN_PASSWORD = 12;
const MAX_PASSWORD = 1024;

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

async function main() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        file: { type: 'string' },
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
  const file = values.file ?? process.env.DASHBOARD_USERS_FILE;
  if (!file) fail('--file is required (or set DASHBOARD_USERS_FILE).');
  const name = values.name?.trim();
  if (!name) fail('--name is required.');
  const storeUser = values['store-user'];
  if (!storeUser || !STORE_USER_ID_PATTERN.test(storeUser))
    fail('--store-user must be the store user id (usr_...).');
  const login = !values['no-login'];
  const email = values.email?.trim().toLowerCase();
  const role = roleSchema.safeParse(values.role);
  if (login && !email) fail('--email is required.');
  if (login && !role.success) fail('--role must be owner or staff.');

  const current: UsersFile = existsSync(file) ? await readUsersFile(file) : { users: [] };
  const clash = current.users.findIndex(
    (entry) => (email !== undefined && entry.email === email) || entry.store_user_id === storeUser,
  );
  if (clash !== -1 && !values.replace) {
    fail(`${file} already has a user with this email or store user id; pass --replace to update it.`);
  }

  const entry: UsersFile['users'][number] = { store_user_id: storeUser, name };
  if (login) {
    const password = await readPassword(values['password-stdin']);
    if (password.length < MIN_PASSWORD) fail(`The password must be at least ${MIN_PASSWORD} characters.`);
    if (password.length > MAX_PASSWORD) fail(`The password must be at most ${MAX_PASSWORD} characters.`);
    entry.email = email;
    entry.role = role.data;
    entry.password_hash = await hashPassword(password);
  }
  const users = current.users.filter((_, index) => index !== clash);
  users.push(entry);
  await writeUsersFileAtomic(file, { users });
  process.stdout.write(
    `${clash === -1 ? 'Added' : 'Updated'} ${login ? `${email} (${role.data}, ${storeUser})` : `${name} (${storeUser}, roster only)`} in ${file}.\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
});
