import { z } from 'zod';

/**
 * The page runs under `require-trusted-types-for 'script'`: a plain string assigned to a DOM script sink
 * (innerHTML, script.src, eval...) throws. Nothing here writes HTML; the one library that touches such a
 * sink (react-aria's live announcer) only clears it with an empty string. This default policy lets exactly
 * that through and refuses everything else (a refusal is a CSP violation, reported to the server).
 */
interface TrustedTypesLike {
  createPolicy(name: string, rules: { createHTML: (input: string) => string | null }): unknown;
}

export function installTrustedTypesPolicy(
  scope: { trustedTypes?: TrustedTypesLike } = window as never,
): void {
  // zod 4 probes `new Function('')` to compile faster parsers: eval, which script-src 'self' forbids and
  // Trusted Types reports in every browser. Its interpreter is fast enough here.
  z.config({ jitless: true });
  const factory = scope.trustedTypes;
  if (!factory) return;
  try {
    factory.createPolicy('default', { createHTML: (input) => (input === '' ? input : null) });
  } catch {
    // Already installed (hot reload): the first one stands.
  }
}
