// Tests start their own redis-server (src/server/redis/test-redis.ts). Installs Debian's package when it is
// missing and we may (root with apt-get); otherwise says exactly what to install.
import { execFileSync } from 'node:child_process';

function canRun(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const explicit = process.env.REDIS_SERVER_PATH;
if (!(explicit ? canRun(explicit) : canRun('redis-server'))) {
  const isRoot = process.getuid?.() === 0;
  if (!explicit && isRoot && canRun('apt-get')) {
    console.log('redis-server is missing: installing Debian\'s "redis-server" package with apt-get...');
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'redis-server'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } else {
    console.error(
      `No redis-server ${explicit ? `at ${explicit}` : 'on PATH'}. Install it (Debian/Ubuntu: "sudo apt-get install redis-server") ` +
        'or point REDIS_SERVER_PATH at a redis-server 7 binary, then run the tests again.',
    );
    process.exit(1);
  }
}
