/** Where to go after signing in: the `next` search parameter when it is a path of this app, else the inbox. */
export const DEFAULT_AFTER_SIGN_IN = '/inbox';

export function safeNextLocation(next: string | null): string {
  if (!next) return DEFAULT_AFTER_SIGN_IN;
  // Only same-app paths: no scheme, no protocol-relative "//host", no backslash tricks.
  if (!next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return DEFAULT_AFTER_SIGN_IN;
  if (next === '/sign-in' || next.startsWith('/sign-in?') || next.startsWith('/sign-in#'))
    return DEFAULT_AFTER_SIGN_IN;
  return next;
}

/** The sign-in URL that returns to `location` afterwards. */
export function signInLocation(location: { pathname: string; search: string; hash: string }): string {
  const next = `${location.pathname}${location.search}${location.hash}`;
  return next === '/' ? '/sign-in' : `/sign-in?next=${encodeURIComponent(next)}`;
}
