/**
 * Runs before the app (main.tsx calls it, then imports the app dynamically) so that nothing the app loads
 * trips the page's CSP:
 * - `require-trusted-types-for 'script'`: a plain string assigned to a DOM script sink throws. Nothing
 *   here writes HTML; react-aria's live announcer only clears itself with innerHTML = ''. The default
 *   policy lets exactly the empty string through and refuses the rest (reported as a violation).
 * - zod 4's classic build probes `new Function('')` when a z.object() is defined, to compile faster parsers:
 *   eval, which script-src 'self' forbids. zod reads its config from this global, which must be set before
 *   the first schema is defined. Its interpreter is fast enough for this app. The shared schemas use
 *   zod/mini, whose objects are never compiled (no `new Function`, flag or not); the flag covers any
 *   classic schema the page still loads.
 */
interface TrustedTypesLike {
  createPolicy(name: string, rules: { createHTML: (input: string) => string | null }): unknown;
}

type PageScope = { trustedTypes?: TrustedTypesLike; __zod_globalConfig?: Record<string, unknown> };

export function preparePageSecurity(scope: PageScope = globalThis as PageScope): void {
  scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
  const factory = scope.trustedTypes;
  if (!factory) return;
  try {
    factory.createPolicy('default', { createHTML: (input) => (input === '' ? input : null) });
  } catch {
    // Already installed (hot reload): the first one stands.
  }
}
