import { afterAll, expect } from 'vitest';
import { loggedLines, PRIVATE_TEXT_MARKER } from './logged-lines.ts';

// Run after every BFF test file (the node project's setup file): whatever its tests did, nothing they
// logged quotes the private words the tests write into notes and saved replies. Every logger of the
// suite writes through captureLogs (buildTestApp's, and capturedLogger for the rest), so every line is seen.
// The files of a worker share their modules (the node project does not isolate them), so the lines are
// emptied once checked: each file answers for its own.
afterAll(() => {
  const lines = loggedLines.splice(0);
  expect(
    lines.filter((line) => line.includes(PRIVATE_TEXT_MARKER)),
    'log lines quoting a note or a query parameter',
  ).toEqual([]);
});
