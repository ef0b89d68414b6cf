import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../http/app-env.ts';
import type { PeopleDirectory } from '../users/people-directory.ts';

/**
 * While the database opens at start, a sign-in or a session check waits for the people (a few seconds
 * at most) rather than being refused; beyond, the directory answers 503 database_unavailable.
 */
export function peopleLoaded(directory: PeopleDirectory | undefined): MiddlewareHandler<AppEnv> {
  let loaded = directory === undefined;
  void directory?.read.then(() => (loaded = true));
  return async (_c, next) => {
    if (!loaded) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([directory?.read, new Promise((resolve) => (timer = setTimeout(resolve, 10_000)))]);
      clearTimeout(timer);
    }
    await next();
  };
}
