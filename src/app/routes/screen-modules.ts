/**
 * Each screen's code, loaded on demand. The router's loaders call these as a navigation starts (so the
 * code downloads beside the screen's first requests) and the main navigation calls them on hover or
 * focus; the browser keeps one module per address, so a second call costs nothing.
 */
export const screenModules = {
  signIn: () => import('./sign-in'),
  notFound: () => import('./not-found'),
  shell: () => import('../layout/app-shell'),
  inbox: () => import('./inbox'),
  assistant: () => import('./assistant'),
  knowledge: () => import('./knowledge'),
  'saved-replies': () => import('./saved-replies'),
  integrations: () => import('./integrations'),
  reports: () => import('./reports'),
  team: () => import('./team'),
  join: () => import('./join'),
  account: () => import('./account'),
};

export type ScreenName = keyof typeof screenModules;

/** Starts loading a screen's code; a failure shows later, where the screen renders (its error boundary). */
export function preloadScreen(name: ScreenName): void {
  screenModules[name]().catch(() => undefined);
}
