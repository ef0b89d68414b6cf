import { randomBytes } from 'node:crypto';
import { open, readFile, rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import { roleSchema } from '../../schemas/bff.ts';
import { atMostCharacters } from '../../schemas/characters.ts';
import { STORE_USER_ID_PATTERN } from '../../schemas/team.ts';
import type { DirectoryEntries } from './directory.ts';
import { isPasswordHash } from './password.ts';

/**
 * DASHBOARD_USERS_FILE: the staff directory of a real store.
 *
 *   {"users": [{"email": "...", "name": "...", "role": "owner", "store_user_id": "usr_...",
 *               "password_hash": "$scrypt$ln=17,r=8,p=1$...$..."}]}
 *
 * An entry without password_hash (or with null) is a roster member who cannot sign in: they can still
 * be assigned conversations.
 */

export const usersFileEntrySchema = z
  .strictObject({
    store_user_id: z.string().regex(STORE_USER_ID_PATTERN, { error: 'store_user_id must look like usr_...' }),
    name: z.string().trim().min(1).superRefine(atMostCharacters(200)),
    email: z.string().trim().toLowerCase().email().max(254).optional(),
    role: z.optional(roleSchema),
    password_hash: z
      .string()
      .refine(isPasswordHash, { error: 'password_hash is not a $scrypt$ hash (use npm run users:add)' })
      .nullable()
      .optional(),
  })
  .refine((entry) => !entry.password_hash || (entry.email !== undefined && entry.role !== undefined), {
    error: 'an entry with a password_hash also needs email and role',
  });
export type UsersFileEntry = z.infer<typeof usersFileEntrySchema>;

export const usersFileSchema = z
  .strictObject({ users: z.array(usersFileEntrySchema) })
  .superRefine((file, ctx) => {
    const emails = new Set<string>();
    const ids = new Set<string>();
    for (const [index, entry] of file.users.entries()) {
      if (entry.email !== undefined) {
        if (emails.has(entry.email))
          ctx.addIssue({
            code: 'custom',
            path: ['users', index, 'email'],
            message: `duplicate email ${entry.email}`,
          });
        emails.add(entry.email);
      }
      if (ids.has(entry.store_user_id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['users', index, 'store_user_id'],
          message: `duplicate store_user_id ${entry.store_user_id}`,
        });
      }
      ids.add(entry.store_user_id);
    }
  });
export type UsersFile = z.infer<typeof usersFileSchema>;

export class UsersFileError extends Error {
  constructor(path: string, detail: string) {
    super(`Users file ${path}: ${detail}`);
    this.name = 'UsersFileError';
  }
}

export function parseUsersFile(path: string, text: string): UsersFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UsersFileError(path, 'is not valid JSON');
  }
  const parsed = usersFileSchema.safeParse(json);
  if (!parsed.success) {
    const detail = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('; ');
    throw new UsersFileError(path, detail);
  }
  return parsed.data;
}

function describeReadError(path: string, error: unknown): UsersFileError {
  const code = (error as NodeJS.ErrnoException).code;
  return new UsersFileError(
    path,
    code === 'ENOENT'
      ? 'does not exist (unset DASHBOARD_USERS_FILE to start without one: npm run users:add adds people to the database)'
      : `cannot be read (${code ?? 'error'})`,
  );
}

export async function readUsersFile(path: string): Promise<UsersFile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw describeReadError(path, error);
  }
  return parseUsersFile(path, text);
}

export function toDirectoryEntries(file: UsersFile): DirectoryEntries {
  const entries: DirectoryEntries = { users: [], rosterOnly: [] };
  for (const entry of file.users) {
    if (entry.password_hash && entry.email !== undefined && entry.role !== undefined) {
      entries.users.push({
        id: entry.store_user_id,
        email: entry.email,
        name: entry.name,
        role: entry.role,
        passwordHash: entry.password_hash,
      });
    } else {
      entries.rosterOnly!.push({ id: entry.store_user_id, name: entry.name });
    }
  }
  return entries;
}

/**
 * Writes the file atomically: a temporary file in the same directory (same file system), flushed to disk,
 * then renamed over the old one. A reader (the running BFF) sees the old or the new file, never half of one.
 * Mode 0600: the file holds password hashes.
 */
export async function writeUsersFileAtomic(path: string, file: UsersFile): Promise<void> {
  const validated = usersFileSchema.parse(file);
  const temporary = join(
    dirname(path),
    `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`,
  );
  const handle = await open(temporary, 'wx', 0o600);
  try {
    await handle.writeFile(`${JSON.stringify(validated, null, 2)}\n`, 'utf8');
    await handle.sync();
  } catch (error) {
    await handle.close();
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
  await handle.close();
  try {
    await rename(temporary, path);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}
