import { DatabaseUnavailableError } from '../db/database.ts';
import type { Logger } from '../log/logger.ts';
import { createDirectory, type DirectoryEntries, type UserDirectory } from './directory.ts';
import type { People, PersonToImport } from './people.ts';

/** How often a replica re-reads the people, to see what other replicas (or the command line) changed. */
export const PEOPLE_REFRESH_MS = 2_000;

/**
 * The directory served from the database's people. Lookups stay synchronous (every request resolves its
 * session through it), so the people are held in memory: read when the database opens, again right after
 * each change made here, and every PEOPLE_REFRESH_MS for the changes made elsewhere.
 *
 * Until the first read nobody can be looked up (a 503, never "unknown person", which would end sessions),
 * unless the caller knows who is there already (the demo's fresh database gets exactly its accounts).
 */
export class PeopleDirectory implements UserDirectory {
  private readonly directory = createDirectory({ users: [] });
  private ready: boolean;
  private markOpened!: () => void;
  /** Settles once the people have been read (or were known from the start). */
  readonly read = new Promise<void>((resolve) => (this.markOpened = resolve));
  private readonly listeners: ((emails: string[]) => void)[] = [];

  constructor(
    readonly people: () => Promise<People>,
    private readonly logger: Logger,
    known?: DirectoryEntries,
  ) {
    this.ready = known !== undefined;
    if (known) {
      this.directory.replace(known);
      this.markOpened();
    }
  }

  findByEmail(email: string) {
    if (!this.ready) throw new DatabaseUnavailableError(new Error('the people are being read'));
    return this.directory.findByEmail(email);
  }

  roster() {
    return this.directory.roster();
  }

  former() {
    return this.directory.former();
  }

  /** Told who was removed or got another role or store user in a change made elsewhere. */
  onUsersChanged(listener: (emails: string[]) => void): void {
    this.listeners.push(listener);
  }

  /**
   * Reads the people again. `elsewhere`: the changes were made by another replica or the command line,
   * so this one tells its listeners (a change made here already ended the sessions it had to).
   */
  async refresh(elsewhere = false): Promise<void> {
    const next = await (await this.people()).directoryEntries();
    const before = this.ready ? this.directory.snapshot() : [];
    this.directory.replace(next);
    this.ready = true;
    this.markOpened();
    if (!elsewhere) return;
    const changed = before
      .filter((old) => {
        const now = this.directory.findByEmail(old.email);
        return !now || now.role !== old.role || now.id !== old.id;
      })
      .map((user) => user.email.toLowerCase());
    if (changed.length > 0) for (const listener of this.listeners) listener(changed);
  }

  /** Re-reads every PEOPLE_REFRESH_MS; answers the stop. A failed read keeps the people already read. */
  start(intervalMs = PEOPLE_REFRESH_MS): () => void {
    let failing = false;
    const timer = setInterval(() => {
      this.refresh(true).then(
        () => (failing = false),
        (error: unknown) => {
          if (!failing)
            this.logger.warn(
              { err_message: (error as Error).message },
              'reading the people failed; keeping the last read',
            );
          failing = true;
        },
      );
    }, intervalMs);
    timer.unref();
    return () => clearInterval(timer);
  }
}

/** How the first owner of a new deployment (or a way back in) is added, as the start log says it. */
export const ADD_OWNER_COMMAND =
  'npm run users:add -- --email <email> --name <name> --role owner --store-user <usr_...>';

/** Directory entries as people to import: roster members without a login come in as staff. */
export function toImport(entries: DirectoryEntries): PersonToImport[] {
  return [
    ...entries.users.map(({ id, ...user }) => ({ ...user, storeUserId: id })),
    ...(entries.rosterOnly ?? []).map(({ id, name }) => ({ name, role: 'staff' as const, storeUserId: id })),
  ];
}

/** People to import into an empty database, and where they come from (named in the log). */
export interface InitialPeople {
  source: string;
  /** Called only when the database has nobody yet. */
  read: () => Promise<DirectoryEntries>;
}

/**
 * Opens the people once the database is: imports `initial` when the database has nobody yet (the users
 * file of a deployment moving to the database, the demo's accounts) and says so in the log, then reads
 * them and keeps reading. Answers the stop of the re-reading.
 */
export async function openPeople(
  directory: PeopleDirectory,
  initial: InitialPeople | undefined,
  logger: Logger,
): Promise<() => void> {
  const people = await directory.people();
  if (initial) {
    const imported = await people.importOnce(async () => toImport(await initial.read()), initial.source);
    if (imported === null)
      logger.info(
        { event: 'people.import_skipped', source: initial.source },
        `the database has its people already; nothing was read from the ${initial.source}`,
      );
    else
      logger.info(
        { event: 'people.imported', source: initial.source, people: imported },
        `imported ${imported} people from the ${initial.source} into the database`,
      );
  }
  await directory.refresh();
  const owners = (await people.list()).filter(
    (person) => person.role === 'owner' && person.status === 'active' && person.can_sign_in,
  );
  if (owners.length === 0)
    logger.warn(
      { event: 'people.no_owner' },
      `no owner can sign in: add one with ${ADD_OWNER_COMMAND} (see docs/operations.md)`,
    );
  return directory.start();
}
