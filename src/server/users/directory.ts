import type { RosterMember, Role } from '../../schemas/bff.ts';

/** A person who can sign in to the dashboard (always with an email, a role and a password hash). */
export interface DirectoryUser {
  /** The store user id: assignee and reply author on the Commerce API. */
  id: string;
  email: string;
  name: string;
  role: Role;
  passwordHash: string;
  /** Signs in with a second factor (a TOTP app) after the password. */
  secondFactor?: boolean;
  /** The owners require a second factor of this person: without one, they may only set it up. */
  secondFactorRequired?: boolean;
}

/** Where the BFF looks people up. Injected into createApp, so tests and demo mode bring their own. */
export interface UserDirectory {
  /** email is already trimmed and lower-cased by loginRequestSchema. */
  findByEmail(email: string): DirectoryUser | undefined;
  /** Everyone a conversation can be assigned to (also those who cannot sign in). */
  roster(): RosterMember[];
  /** Removed people, by store user id: their names stay on what they wrote, never offered for assignment. */
  former?(): RosterMember[];
  /**
   * Told the emails whose password or role (or store user) changed when the directory is re-read, so their
   * sessions end everywhere. Only directories that change at run time (the users file) implement it.
   */
  onUsersChanged?(listener: (emails: string[]) => void): void;
}

export interface DirectoryEntries {
  users: DirectoryUser[];
  /** Roster members without a dashboard login. */
  rosterOnly?: RosterMember[];
  /** Removed people (see UserDirectory.former). */
  former?: RosterMember[];
}

export function createDirectory(entries: DirectoryEntries): UserDirectory & {
  former(): RosterMember[];
  replace(next: DirectoryEntries): void;
  snapshot(): DirectoryUser[];
} {
  let byEmail = new Map<string, DirectoryUser>();
  let roster: RosterMember[] = [];
  let former: RosterMember[] = [];
  const replace = (next: DirectoryEntries) => {
    byEmail = new Map(next.users.map((user) => [user.email.toLowerCase(), user]));
    const members = new Map<string, RosterMember>();
    for (const user of next.users) members.set(user.id, { id: user.id, name: user.name });
    for (const member of next.rosterOnly ?? []) if (!members.has(member.id)) members.set(member.id, member);
    roster = [...members.values()];
    // Someone removed whose store user id another person has since taken is shown by that person's name.
    former = [...new Map((next.former ?? []).map((one) => [one.id, one])).values()].filter(
      (one) => !members.has(one.id),
    );
  };
  replace(entries);
  return {
    findByEmail: (email) => byEmail.get(email.toLowerCase()),
    roster: () => roster.map((member) => ({ ...member })),
    former: () => former.map((member) => ({ ...member })),
    replace,
    snapshot: () => [...byEmail.values()],
  };
}
