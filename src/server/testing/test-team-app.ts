import { beforeAll, beforeEach } from 'vitest';
import { DashboardDatabase } from '../composition/dashboard-database.ts';
import type { DriverUnderTest } from './test-databases.ts';
import { buildTestApp, manualClock, TEST_SCRYPT, type TestApp } from './test-app.ts';
import { demoDirectoryEntries } from '../users/demo-users.ts';
import { openPeople, PeopleDirectory } from '../users/people-directory.ts';
import { People } from '../users/people.ts';
import type { LinkMail } from '../team/link-mail.ts';
import { capturedLogger } from './logged-lines.ts';

// The team never reaches the store: nothing listens on this address, and no route here needs it.
const NO_STORE_URL = 'http://127.0.0.1:9';

/**
 * For a Vitest file of team tests on one driver: an app whose people are in that database, the demo's
 * accounts imported again before each test (the database is emptied before each), on a manual clock.
 */
export function teamApp(driver: DriverUnderTest) {
  const clock = manualClock();
  const logger = capturedLogger();
  const state = {} as { app: TestApp; directory: PeopleDirectory };
  /** The links the app mailed (as with SMTP_URL set). */
  const mailed: LinkMail[] = [];
  beforeAll(async () => {
    const database = new DashboardDatabase(Promise.resolve(driver.database));
    state.directory = new PeopleDirectory(
      database.store((db) => new People(db, clock.now)),
      logger,
    );
    ({ app: state.app } = await buildTestApp({
      upstreamUrl: NO_STORE_URL,
      now: clock.now,
      deps: {
        database,
        directory: state.directory,
        mailLink: (mail) => {
          mailed.push(mail);
          return Promise.resolve(true);
        },
      },
    }));
    return () => state.app.liveHub.close();
  });
  beforeEach(async () => {
    const entries = await demoDirectoryEntries(TEST_SCRYPT);
    const stop = await openPeople(
      state.directory,
      { read: () => Promise.resolve(entries), source: 'demo accounts' },
      logger,
    );
    stop();
  });
  return { clock, state, mailed };
}
