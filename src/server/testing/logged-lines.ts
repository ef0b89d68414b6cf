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
