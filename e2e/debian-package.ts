import { execFileSync } from 'node:child_process';

/** Whether `command` is on PATH (or is an executable path). */
export function canRun(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v '${command.replaceAll("'", "'\\''")}'`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Installs a missing tool the tests start (Chromium, redis-server) the way CI machines get them: Debian's
 * package with apt-get, when we run as root and nobody pointed the tests at their own binary
 * (`overridden`). Otherwise says exactly what to install and exits.
 */
export function installDebianPackage(options: {
  what: string;
  debianPackage: string;
  overridden: boolean;
  /** What to tell a person who must install it themselves. */
  instead: string;
}): void {
  const isRoot = process.getuid?.() === 0;
  if (!options.overridden && isRoot && canRun('apt-get')) {
    console.log(
      `${options.what} is missing: installing Debian's "${options.debianPackage}" package with apt-get...`,
    );
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', options.debianPackage], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    return;
  }
  console.error(options.instead);
  process.exit(1);
}
