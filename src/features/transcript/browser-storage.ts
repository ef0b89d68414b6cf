/**
 * localStorage that never throws: storage can be full, disabled or blocked (private windows, strict
 * cookie settings). Reading then finds nothing and writing reports failure, and the screen keeps working
 * with what it holds in memory.
 */
export function readStored(name: string): string | null {
  try {
    return window.localStorage.getItem(name);
  } catch {
    return null;
  }
}

/** Writes (or, for null, removes) an item; false when the browser refused. */
export function writeStored(name: string, value: string | null): boolean {
  try {
    if (value === null) window.localStorage.removeItem(name);
    else window.localStorage.setItem(name, value);
    return true;
  } catch {
    return false;
  }
}

/** Calls `listener` when another tab changes an item whose name starts with `prefix`. */
export function onStoredChange(prefix: string, listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(prefix)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
