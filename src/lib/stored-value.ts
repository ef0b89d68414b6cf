/** Anything with zod's safeParse (zod or zod/mini). */
type Parser<T> = { safeParse(input: unknown): { success: true; data: T } | { success: false } };

export type StorageArea = 'local' | 'session';

export type StoredValueOptions<T> = {
  area?: StorageArea;
  /**
   * Reads what an older build stored under the same name (the raw text, when it is not JSON of the
   * schema's shape). A value it returns is written back in the current format; null drops the text.
   */
  migrate?: (raw: string) => T | null;
};

function storageOf(area: StorageArea): Storage | null {
  try {
    if (typeof window === 'undefined') return null;
    return area === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null; // Storage disabled by the browser's privacy settings.
  }
}

// Listeners by name: a write in this page tells them at once (the browser's `storage` event only
// reaches the other tabs).
const listeners = new Map<string, Set<() => void>>();

function notify(name: string) {
  for (const listener of [...(listeners.get(name) ?? [])]) listener();
}

/**
 * One JSON value kept in the browser under `name`, checked against `schema` whenever it is read. Storage
 * can be full, disabled or blocked (private windows, strict cookie settings): reading then finds nothing
 * and writing reports failure, and the screen keeps working with what it holds in memory. A stored value
 * that no longer fits the schema (an older format, a hand edit) reads as nothing and is removed, unless
 * `migrate` makes something of it. While the stored text is unchanged, `read` returns the same value
 * (treat it as immutable), so it can serve as a `useSyncExternalStore` snapshot.
 */
export function createStoredValue<T>(name: string, schema: Parser<T>, options: StoredValueOptions<T> = {}) {
  const area = options.area ?? 'local';
  let last: { raw: string; value: T | null } | null = null;

  /** The value of the stored text, and the text stored once a migrated value has been written back. */
  function parse(storage: Storage, raw: string): { raw: string; value: T | null } {
    try {
      const parsed = schema.safeParse(JSON.parse(raw));
      if (parsed.success) return { raw, value: parsed.data };
    } catch {
      // Not JSON: an older format, or broken.
    }
    const value = options.migrate?.(raw) ?? null;
    try {
      if (value === null) storage.removeItem(name);
      else {
        const current = JSON.stringify(value);
        storage.setItem(name, current);
        return { raw: current, value };
      }
    } catch {
      // Blocked or full: the migrated value is still read this time.
    }
    return { raw, value };
  }

  function write(value: T | null): boolean {
    try {
      const storage = storageOf(area);
      if (!storage) return false;
      if (value === null) storage.removeItem(name);
      else storage.setItem(name, JSON.stringify(value));
      return true;
    } catch {
      return false;
    } finally {
      notify(name);
    }
  }

  return {
    read(): T | null {
      const storage = storageOf(area);
      let raw: string | null;
      try {
        raw = storage?.getItem(name) ?? null;
      } catch {
        return null;
      }
      if (!storage || raw === null) return null;
      if (last?.raw !== raw) last = parse(storage, raw);
      return last.value;
    },
    /** Writes the value (null removes it); false when the browser refused (quota, blocked). */
    write,
    /** Calls `listener` after every write of this name, in this page or another tab. */
    subscribe: (listener: () => void): (() => void) => {
      let own = listeners.get(name);
      if (!own) listeners.set(name, (own = new Set()));
      own.add(listener);
      const onStorage = (event: StorageEvent) => {
        if (event.key === null || event.key === name) listener();
      };
      window.addEventListener('storage', onStorage);
      return () => {
        own.delete(listener);
        if (own.size === 0 && listeners.get(name) === own) listeners.delete(name);
        window.removeEventListener('storage', onStorage);
      };
    },
  };
}

export type StoredValue<T> = ReturnType<typeof createStoredValue<T>>;
