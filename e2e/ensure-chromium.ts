// Playwright drives Debian's Chromium (browser downloads are blocked on these machines).
// Installs it when missing and we may (root with apt-get); otherwise says exactly what to install.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function canRun(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

if (!existsSync(chromiumPath)) {
  const isRoot = process.getuid?.() === 0;
  if (!process.env.CHROMIUM_PATH && isRoot && canRun('apt-get')) {
    console.log('Chromium is missing: installing Debian\'s "chromium" package with apt-get...');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } else {
    console.error(
      `No Chromium at ${chromiumPath}. Install it (Debian/Ubuntu: "sudo apt-get install chromium") ` +
        'or point CHROMIUM_PATH at a Chromium or Chrome binary, then run the tests again.',
    );
    process.exit(1);
  }
}
