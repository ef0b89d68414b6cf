// Tests start their own redis-server (src/server/testing/test-redis.ts). Installs Debian's package when it is
// missing and we may (root with apt-get); otherwise says exactly what to install.
import { canRun, installDebianPackage } from './debian-package.ts';

const explicit = process.env.REDIS_SERVER_PATH;
if (!canRun(explicit ?? 'redis-server')) {
  installDebianPackage({
    what: 'redis-server',
    debianPackage: 'redis-server',
    overridden: explicit !== undefined,
    instead:
      `No redis-server ${explicit ? `at ${explicit}` : 'on PATH'}. Install it (Debian/Ubuntu: "sudo apt-get install redis-server") ` +
      'or point REDIS_SERVER_PATH at a redis-server 7 binary, then run the tests again.',
  });
}
