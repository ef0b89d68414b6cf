import type { Role } from './bff.ts';

// Demo mode's people, in one place: the BFF's demo sign-ins, the simulator's roster of store_demo,
// the component tests' stand-in BFF and the e2e fixtures all read this list. Not a wire format, but
// src/schemas is the one folder each of them may import (the import rules in docs/architecture.md).

export interface DemoAccount {
  email: string;
  password: string;
  name: string;
  role: Role;
  /** The store user id: assignee and author id on the Commerce API. */
  storeUserId: string;
}

/** The demo sign-ins. They exist only when no real store is configured (demo mode). */
export const DEMO_ACCOUNTS = {
  owner: {
    email: 'owner@example.com',
    password: 'owner-demo-pass',
    name: 'Morgan Lee',
    role: 'owner',
    storeUserId: 'usr_owner',
  },
  staff: {
    email: 'staff@example.com',
    password: 'staff-demo-pass',
    name: 'Sam Rivera',
    role: 'staff',
    storeUserId: 'usr_staff1',
  },
  staff2: {
    email: 'staff2@example.com',
    password: 'staff2-demo-pass',
    name: 'Alex Kim',
    role: 'staff',
    storeUserId: 'usr_staff2',
  },
} as const satisfies Record<string, DemoAccount>;
export type DemoAccountName = keyof typeof DEMO_ACCOUNTS;

/** On store_demo's roster, assignable, but without a dashboard sign-in. */
export const DEMO_ROSTER_ONLY: readonly { id: string; name: string; role: Role }[] = [
  { id: 'usr_staff3', name: 'Jordan Patel', role: 'staff' },
];

/** store_demo's roster, in seed order: the accounts, then the roster-only members. */
export const DEMO_ROSTER: readonly { id: string; name: string; role: Role }[] = [
  ...Object.values(DEMO_ACCOUNTS).map(({ storeUserId, name, role }) => ({ id: storeUserId, name, role })),
  ...DEMO_ROSTER_ONLY,
];
