/** Anything with zod's safeParse (zod or zod/mini). */
type Parser<T> = { safeParse(input: unknown): { success: true; data: T } | { success: false } };

export type StorageArea = 'local' | 'session';

function storageOf(area: StorageArea): Storage | null {
  try {
    if (typeof window === 'undefined') return null;
    return area === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null; // Storage disabled by the browser's privacy settings.
  }
}

/**
 * One JSON value kept in the browser under `name`, checked against `schema` whenever it is read. Storage
 * can be full, disabled or blocked (private windows, strict cookie settings): reading then finds nothing
 * and writing reports failure, and the screen keeps working with what it holds in memory. A stored value
 * that no longer fits the schema (an older format, a hand edit) reads as nothing and is removed.
 */
export function createStoredValue<T>(name: string, schema: Parser<T>, area: StorageArea = 'local') {
  return {
    read(): T | null {
      const storage = storageOf(area);
      try {
        const raw = storage?.getItem(name);
        if (!storage || raw === null || raw === undefined) return null;
        const parsed = schema.safeParse(JSON.parse(raw));
        if (parsed.success) return parsed.data;
      } catch {
        // Unreadable JSON: dropped below like a value of the wrong shape.
      }
      try {
        storage?.removeItem(name);
      } catch {
        // Blocked: nothing more to do.
      }
      return null;
    },
    /** Writes the value (null removes it); false when the browser refused (quota, blocked). */
    write(value: T | null): boolean {
      try {
        const storage = storageOf(area);
        if (!storage) return false;
        if (value === null) storage.removeItem(name);
        else storage.setItem(name, JSON.stringify(value));
        return true;
      } catch {
        return false;
      }
    },
  };
}
