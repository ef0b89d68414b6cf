import { createLogger, type Logger } from '../log/logger.ts';

/**
 * Every line the loggers of this test file wrote through `captureLogs` (the shared test destination),
 * for the check that closes each BFF test file (no-private-text-logged.ts).
 */
export const loggedLines: string[] = [];

/**
 * Words the notes tests write into notes (and into refused writes): no log line of the BFF suite may
 * ever contain them, neither a request's text nor a failed query's parameters.
 */
export const PRIVATE_TEXT_MARKER = 'private-words-7c1f2b';

/**
 * A pino destination that keeps every line, so tests can grep what was logged; each line is also kept
 * for the check over the whole file's logs (no-private-text-logged.ts).
 */
export function captureLogs() {
  const lines: string[] = [];
  return {
    lines,
    write: (line: string) => {
      lines.push(line);
      loggedLines.push(line);
    },
  };
}

/**
 * A logger for what a test does not read the log of: it prints nothing, but every line still goes to
 * the check over the whole file's logs (no-private-text-logged.ts), at the level the BFF runs with.
 */
export const capturedLogger = (): Logger => createLogger('info', captureLogs());
