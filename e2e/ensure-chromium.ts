// Playwright drives Debian's Chromium headless shell (browser downloads are blocked on these machines).
// Installs it when missing and we may (root with apt-get); otherwise says exactly what to install.
import { existsSync } from 'node:fs';
import { installDebianPackage } from './debian-package.ts';
import { CHROMIUM_PATH } from './fixtures/chromium-path.ts';

if (!existsSync(CHROMIUM_PATH)) {
  installDebianPackage({
    what: "Chromium's headless shell",
    debianPackage: 'chromium-headless-shell',
    overridden: process.env.CHROMIUM_PATH !== undefined,
    instead:
      `No Chromium at ${CHROMIUM_PATH}. Install it (Debian/Ubuntu: "sudo apt-get install chromium-headless-shell") ` +
      'or point CHROMIUM_PATH at a Chromium or Chrome binary, then run the tests again.',
  });
}
