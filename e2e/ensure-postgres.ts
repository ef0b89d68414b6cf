// Tests start their own Postgres server (src/server/testing/test-postgres.ts). Installs Debian's package when it
// is missing and we may (root with apt-get); otherwise says exactly what to install.
import { postgresBinDir } from '../src/server/testing/test-postgres.ts';
import { installDebianPackage } from './debian-package.ts';

if (!postgresBinDir()) {
  installDebianPackage({
    what: 'Postgres',
    debianPackage: 'postgresql',
    overridden: process.env.POSTGRES_BIN_DIR !== undefined,
    instead:
      `No Postgres server binaries ${process.env.POSTGRES_BIN_DIR ? `in ${process.env.POSTGRES_BIN_DIR}` : 'under /usr/lib/postgresql'}. ` +
      'Install them (Debian/Ubuntu: "sudo apt-get install postgresql") or point POSTGRES_BIN_DIR at the bin folder of a Postgres 15 or newer, then run the tests again.',
  });
}
