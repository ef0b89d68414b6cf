// Playwright drives Debian's Chromium: its headless shell, and the full browser for what the shell lacks
// (e2e/fixtures/chromium-path.ts); browser downloads are blocked on these machines. Installs what is
// missing when we may (root with apt-get); otherwise says exactly what to install.
import { existsSync } from 'node:fs';
import { installDebianPackage } from './debian-package.ts';
import { CHROMIUM_PATH, FULL_CHROMIUM_PATH } from './fixtures/chromium-path.ts';

for (const [path, debianPackage] of [
  [CHROMIUM_PATH, 'chromium-headless-shell'],
  [FULL_CHROMIUM_PATH, 'chromium'],
] as const) {
  if (existsSync(path)) continue;
  installDebianPackage({
    what: `Chromium (${debianPackage})`,
    debianPackage,
    overridden: process.env.CHROMIUM_PATH !== undefined,
    instead:
      `No Chromium at ${path}. Install it (Debian/Ubuntu: "sudo apt-get install ${debianPackage}") ` +
      'or point CHROMIUM_PATH at a Chromium or Chrome binary, then run the tests again.',
  });
}
