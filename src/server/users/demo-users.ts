import { DEMO_ACCOUNTS as ACCOUNTS_BY_NAME, DEMO_ROSTER_ONLY } from '../../schemas/demo-accounts.ts';
import { createDirectory, type DirectoryEntries, type UserDirectory } from './directory.ts';
import { hashPassword, OWASP_SCRYPT_PARAMS, type ScryptParams } from './password.ts';

/** Demo mode's sign-ins as directory entries (the list itself lives in src/schemas/demo-accounts.ts). */
export const DEMO_ACCOUNTS = Object.values(ACCOUNTS_BY_NAME).map(({ storeUserId, ...account }) => ({
  ...account,
  id: storeUserId,
}));

/**
 * The demo's people with their passwords hashed at start (with the same parameters as real users, so a
 * demo login costs what a real one does); tests pass cheaper parameters.
 */
export async function demoDirectoryEntries(
  params: ScryptParams = OWASP_SCRYPT_PARAMS,
): Promise<DirectoryEntries> {
  const users = await Promise.all(
    DEMO_ACCOUNTS.map(async ({ password, ...account }) => ({
      ...account,
      passwordHash: await hashPassword(password, params),
    })),
  );
  return { users, rosterOnly: DEMO_ROSTER_ONLY.map(({ id, name }) => ({ id, name })) };
}

/** The demo's people in memory (tests, which need no database for them). */
export async function createDemoDirectory(
  params: ScryptParams = OWASP_SCRYPT_PARAMS,
): Promise<UserDirectory> {
  return createDirectory(await demoDirectoryEntries(params));
}
