// Playwright drives Debian's Chromium (browser downloads are blocked on these machines).
// Installs it when missing and we may (root with apt-get); otherwise says exactly what to install.
import { existsSync } from 'node:fs';
import { installDebianPackage } from './debian-package.ts';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(chromiumPath)) {
  installDebianPackage({
    what: 'Chromium',
    debianPackage: 'chromium',
    overridden: process.env.CHROMIUM_PATH !== undefined,
    instead:
      `No Chromium at ${chromiumPath}. Install it (Debian/Ubuntu: "sudo apt-get install chromium") ` +
      'or point CHROMIUM_PATH at a Chromium or Chrome binary, then run the tests again.',
  });
}
