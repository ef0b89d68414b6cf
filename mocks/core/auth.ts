import type { ApiKeyRecord, StoreId } from '../state/types.ts';
import { refuse } from './errors.ts';

export interface AuthOptions {
  /** Stands in for a credential when a request carries none (component tests without the BFF). */
  impersonateKey?: string;
  /** When set, the base URL belongs to this merchant: keys of every other store are refused. */
  merchant?: StoreId;
}

/**
 * The secret the request presents. Authorization wins when both headers are sent; a malformed
 * Authorization is a failed credential (X-API-Key is then not read). Query strings are never read.
 */
function presentedSecret(request: Request, impersonateKey: string | undefined): string | null {
  const authorization = request.headers.get('authorization');
  if (authorization !== null) return /^Bearer +(\S+) *$/i.exec(authorization)?.[1] ?? null;
  const apiKey = request.headers.get('x-api-key');
  if (apiKey !== null) return apiKey.trim() === '' ? null : apiKey.trim();
  return impersonateKey ?? null;
}

/** The key a secret belongs to, if that secret still authenticates (current, or rolled but in grace). */
export function keyBySecret(keys: readonly ApiKeyRecord[], secret: string, nowMs: number) {
  return keys.find((key) =>
    key.secrets.some((candidate) => candidate.value === secret && (candidate.validUntil ?? Infinity) > nowMs),
  );
}

/** The authenticated key, or one uninformative 401 for every way a credential can fail. */
export function authenticate(
  request: Request,
  keys: readonly ApiKeyRecord[],
  nowMs: number,
  options: AuthOptions,
): ApiKeyRecord {
  const secret = presentedSecret(request, options.impersonateKey);
  const key = secret === null ? undefined : keyBySecret(keys, secret, nowMs);
  if (
    key === undefined ||
    key.kind !== 'secret' ||
    key.revoked ||
    (key.expiresAt !== null && key.expiresAt <= nowMs) ||
    (options.merchant !== undefined && key.store !== options.merchant)
  ) {
    throw refuse.unauthorized();
  }
  return key;
}

/** Checks each gate in order, so the 403 names the first one that refused. */
export function requireScopes(key: ApiKeyRecord, gates: readonly string[]): void {
  const missing = gates.find((scope) => !key.scopes.has(scope));
  if (missing !== undefined) throw refuse.insufficientScope(missing);
}
