/**
 * What the dashboard keeps per person in this browser (reply drafts, the reply outbox, config and
 * knowledge drafts) is stored under names that carry the user id as one colon-separated part, e.g.
 * `sales-dashboard:reply-draft:<userId>:<conversationId>` or `assistant-config-draft:<userId>`.
 * An explicit sign-out clears them, so on a shared shop computer the next person sees nothing of it;
 * an expired session keeps them (the same person signs back in and carries on).
 */
export function userStorageNames(storage: Storage, userId: string): string[] {
  const names: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const name = storage.key(index);
    if (name !== null && name.split(':').includes(userId)) names.push(name);
  }
  return names;
}

/** Removes every item of the user from localStorage and sessionStorage; storage that is blocked is skipped. */
export function clearUserStorage(userId: string): void {
  for (const pick of [() => window.localStorage, () => window.sessionStorage]) {
    try {
      const storage = pick();
      for (const name of userStorageNames(storage, userId)) storage.removeItem(name);
    } catch {
      // Storage disabled or blocked: there is nothing stored to clear.
    }
  }
}
