import { ConfigError, loadConfig, type Config } from './config/config.ts';
import type { Runtime } from './runtime.ts';
import { DEMO_ACCOUNTS } from './users/demo-users.ts';

/** What `npm start` and `npm run dev` print, in plain words, once the dashboard is up. */
export function startupBanner(config: Config, runtime: Runtime): string {
  const lines = [`Dashboard: ${runtime.url}`];
  if (config.mode.kind === 'demo') {
    lines.push(
      `Demo mode: the Commerce API simulator runs at ${runtime.simulatorUrl ?? '(unknown)'}.`,
      'Sign in with one of the demo accounts:',
      ...DEMO_ACCOUNTS.map(
        (a) => `  ${a.email.padEnd(20)} password ${a.password.padEnd(18)} (${a.role}, ${a.name})`,
      ),
    );
  } else {
    lines.push(`Connected to the Commerce API at ${config.mode.baseUrl}.`);
  }
  lines.push('Press Ctrl+C to stop.');
  return `\n${lines.join('\n')}\n\n`;
}

/** Stops cleanly on SIGINT/SIGTERM (a second signal forces the exit); SIGHUP re-reads key and users files. */
export function handleSignals(close: () => Promise<void>, reload?: () => Promise<void>): void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    process.stdout.write(`\n${signal} received, stopping...\n`);
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`Shutdown failed: ${(error as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  if (reload) process.on('SIGHUP', () => void reload());
}

/** The validated configuration, or the process ends with the configuration's own clear message. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * The database opens after the server answers; one that cannot be opened (a failed migration, a DATA_DIR
 * in use) stops the process with the reason, as any other start-up failure does.
 */
export function exitWhenTheDatabaseFails(runtime: Pick<Runtime, 'opened' | 'close'>): void {
  runtime.opened.catch(async (error: unknown) => {
    process.stderr.write(`Could not start: ${(error as Error).message}\n`);
    await runtime.close().catch(() => {});
    process.exit(1);
  });
}
