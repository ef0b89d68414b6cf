import { pino, type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from '../config/environment.ts';

export type { Logger };

/**
 * Paths pino blanks even if some code passes them by mistake. The request log line is built from an
 * explicit list of fields (see request-log.ts), so this is the second fence, not the first.
 */
export const REDACTED_PATHS = [
  'password',
  '*.password',
  'key',
  '*.key',
  'apiKey',
  '*.apiKey',
  'authorization',
  '*.authorization',
  'cookie',
  '*.cookie',
  'headers.cookie',
  'headers.authorization',
  'headers["set-cookie"]',
  'headers["x-api-key"]',
  'body',
  '*.body',
  'content',
  '*.content',
];

export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'bff' },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
}
