import { afterAll, expect } from 'vitest';
import { loggedLines, PRIVATE_TEXT_MARKER } from './logged-lines.ts';

// Run after every BFF test file (the node project's setup file): whatever its tests did, nothing they
// logged quotes the private words the tests write into notes and saved replies. Every logger of the
// suite writes through captureLogs (buildTestApp's, and capturedLogger for the rest), so every line is seen.
afterAll(() => {
  expect(
    loggedLines.filter((line) => line.includes(PRIVATE_TEXT_MARKER)),
    'log lines quoting a note or a query parameter',
  ).toEqual([]);
});
