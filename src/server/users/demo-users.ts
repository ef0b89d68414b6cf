import type { Role } from '../../schemas/bff.ts';
import { createDirectory, type UserDirectory } from './directory.ts';
import { hashPassword, OWASP_SCRYPT_PARAMS, type ScryptParams } from './password.ts';

/** Demo mode's accounts (DESIGN.md section 5). They exist only when no real store is configured. */
export const DEMO_ACCOUNTS: readonly {
  email: string;
  password: string;
  name: string;
  role: Role;
  id: string;
}[] = [
  {
    email: 'owner@example.com',
    password: 'owner-demo-pass',
    name: 'Morgan Lee',
    role: 'owner',
    id: 'usr_owner',
  },
  {
    email: 'staff@example.com',
    password: 'staff-demo-pass',
    name: 'Sam Rivera',
    role: 'staff',
    id: 'usr_staff1',
  },
  {
    email: 'staff2@example.com',
    password: 'staff2-demo-pass',
    name: 'Alex Kim',
    role: 'staff',
    id: 'usr_staff2',
  },
];

/** On the simulator's roster of store_demo, assignable, but without a dashboard login. */
export const DEMO_ROSTER_ONLY = [{ id: 'usr_staff3', name: 'Jordan Patel' }];

/**
 * Hashes the demo passwords at start (with the same parameters as real users, so a demo login costs
 * what a real one does); tests pass cheaper parameters.
 */
export async function createDemoDirectory(
  params: ScryptParams = OWASP_SCRYPT_PARAMS,
): Promise<UserDirectory> {
  const users = await Promise.all(
    DEMO_ACCOUNTS.map(async ({ password, ...account }) => ({
      ...account,
      passwordHash: await hashPassword(password, params),
    })),
  );
  return createDirectory({ users, rosterOnly: DEMO_ROSTER_ONLY });
}
