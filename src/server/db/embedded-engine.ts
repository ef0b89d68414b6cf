import type { PGlite } from '@electric-sql/pglite';

/** Thrown while the embedded engine is down and not yet open again: an outage (503), like the others. */
export class EmbeddedEngineDown extends Error {
  constructor(cause?: unknown) {
    super('the embedded database is down and being opened again', { cause });
    this.name = 'EmbeddedEngineDown';
  }
}

/**
 * An error of the embedded engine itself rather than of a query: it was closed under us, or its
 * WebAssembly run aborted (after which it answers nothing more).
 */
export function isEngineFailure(error: unknown): boolean {
  if (error instanceof EmbeddedEngineDown || error instanceof WebAssembly.RuntimeError) return true;
  const message = (error as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && /^(PGlite is clos(ed|ing)|Aborted\()/.test(message);
}

/** How long after a failure (or a failed opening) the engine is opened again; calls between answer 503. */
const REOPEN_PAUSE_MS = 1_000;

/**
 * The embedded engine behind a stand-in client that the ORM holds. When the engine fails while running,
 * the call that found it fails as an outage (503), and the first call after a pause opens the engine
 * again on the same directory (`open`), so the dashboard recovers without a restart, as it does when a
 * Postgres server comes back. A failed opening is tried again after the same pause, not on every call.
 */
export function reopeningClient<Client extends PGlite>(
  open: () => Promise<Client>,
  first: Client,
  now = Date.now,
) {
  let current = first;
  let down = false;
  let failedAt = Number.NEGATIVE_INFINITY;
  let reopening: Promise<Client> | undefined;

  const engine = (): Promise<Client> => {
    if (!down) return Promise.resolve(current);
    if (reopening) return reopening;
    if (now() - failedAt < REOPEN_PAUSE_MS) return Promise.reject(new EmbeddedEngineDown());
    reopening = (async () => {
      await current.close().catch(() => undefined);
      try {
        current = await open();
      } catch (error) {
        failedAt = now();
        throw new EmbeddedEngineDown(error);
      }
      down = false;
      return current;
    })().finally(() => {
      reopening = undefined;
    });
    return reopening;
  };

  const run = async <T>(call: (client: PGlite) => Promise<T>): Promise<T> => {
    const client = await engine();
    try {
      return await call(client);
    } catch (error) {
      if (client === current && !down && isEngineFailure(error)) {
        down = true;
        failedAt = now();
      }
      throw error;
    }
  };

  const client = new Proxy(first, {
    get(_, property) {
      if (property === 'query')
        return (...args: Parameters<PGlite['query']>) => run((engine) => engine.query(...args));
      if (property === 'transaction')
        return (...args: Parameters<PGlite['transaction']>) => run((engine) => engine.transaction(...args));
      const value: unknown = Reflect.get(current, property, current);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(current) : value;
    },
  });
  return { client, close: () => current.close() };
}
