import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConversationHistory } from '../history/conversation-history.ts';
import { openDatabase } from '../db/database.ts';
import type { DatabaseConfig } from '../config/config.ts';

/**
 * npm run data:erase -- --email shopper@example.com [--yes]
 *
 * Removes what the dashboard's own database holds about one shopper: the copies of their conversations
 * (found by email, case-insensitive), those conversations' messages, history and audit trail. Without
 * --yes it only says what it would remove. It opens the database the dashboard uses: DATABASE_URL, else
 * the embedded one in DATA_DIR (default ./data), which allows one process at a time: stop the dashboard
 * first. The store's own data stays in the Commerce API, which has its own erasure.
 */
const USAGE = 'Usage: npm run data:erase -- --email <shopper email> [--yes]';

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(1);
}

async function main() {
  let values;
  try {
    ({ values } = parseArgs({ options: { email: { type: 'string' }, yes: { type: 'boolean' } } }));
  } catch (error) {
    fail((error as Error).message);
  }
  const email = values.email?.trim();
  if (!email || !email.includes('@') || email.length > 320) fail("Give the shopper's email with --email.");
  const config: DatabaseConfig = process.env.DATABASE_URL
    ? { kind: 'postgres', url: process.env.DATABASE_URL }
    : { kind: 'pglite', dataDir: resolve(process.env.DATA_DIR ?? 'data') };
  const database = await openDatabase(config);
  try {
    const history = new ConversationHistory(database.db, () => Promise.resolve());
    const ids = await history.conversationsOf(email);
    if (ids.length === 0) {
      process.stdout.write(`Nothing is held about ${email}.\n`);
      return;
    }
    if (!values.yes) {
      process.stdout.write(
        `${ids.length} conversation(s) of ${email} are held: ${ids.join(', ')}.\nRun again with --yes to remove them, their messages and their history.\n`,
      );
      return;
    }
    const removed = await history.erase(ids);
    process.stdout.write(
      `Removed for ${email}: ${removed.conversations} conversation(s), ${removed.messages} message(s), ${removed.history} history entries, ${removed.writes} audit entries.\n`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`Could not erase: ${(error as Error).message}\n`);
  process.exit(1);
});
