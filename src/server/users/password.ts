import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with scrypt at OWASP's recommended parameters (N=2^17, r=8, p=1), 16-byte salt.
 * The stored string is self-describing, PHC-style:
 *
 *   $scrypt$ln=17,r=8,p=1$<salt, base64 no padding>$<hash, base64 no padding>
 *
 * so the parameters can be raised later: old hashes keep verifying with the parameters they carry.
 */
export interface ScryptParams {
  /** log2 of the CPU/memory cost N. */
  ln: number;
  r: number;
  p: number;
}

export const OWASP_SCRYPT_PARAMS: ScryptParams = { ln: 17, r: 8, p: 1 };
const SALT_BYTES = 16;
const HASH_BYTES = 32;
/** Refuse absurd parameters in a (tampered) users file instead of allocating gigabytes. */
const MAX_LN = 20;

function scryptAsync(password: string, salt: Buffer, params: ScryptParams, length: number): Promise<Buffer> {
  const N = 2 ** params.ln;
  const options: ScryptOptions = {
    N,
    r: params.r,
    p: params.p,
    // scrypt needs 128 * N * r * p bytes; Node's default maxmem (32 MiB) is below OWASP's 128 MiB.
    maxmem: 128 * N * params.r * params.p + 16 * 1024 * 1024,
  };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, length, options, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

const b64 = (buffer: Buffer) => buffer.toString('base64').replace(/=+$/, '');

export async function hashPassword(
  password: string,
  params: ScryptParams = OWASP_SCRYPT_PARAMS,
): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await scryptAsync(password, salt, params, HASH_BYTES);
  return `$scrypt$ln=${params.ln},r=${params.r},p=${params.p}$${b64(salt)}$${b64(hash)}`;
}

interface ParsedHash {
  params: ScryptParams;
  salt: Buffer;
  hash: Buffer;
}

const HASH_FORMAT = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

export function parsePasswordHash(encoded: string): ParsedHash | undefined {
  const match = HASH_FORMAT.exec(encoded);
  if (!match) return undefined;
  const [, ln, r, p, salt, hash] = match;
  const params = { ln: Number(ln), r: Number(r), p: Number(p) };
  if (params.ln < 1 || params.ln > MAX_LN || params.r < 1 || params.p < 1) return undefined;
  const hashBytes = Buffer.from(hash!, 'base64');
  if (hashBytes.length < 16) return undefined;
  return { params, salt: Buffer.from(salt!, 'base64'), hash: hashBytes };
}

export function isPasswordHash(encoded: string): boolean {
  return parsePasswordHash(encoded) !== undefined;
}

/** Constant-time comparison of the derived key; false for a malformed stored hash. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parsed = parsePasswordHash(encoded);
  if (!parsed) return false;
  const derived = await scryptAsync(password, parsed.salt, parsed.params, parsed.hash.length);
  return timingSafeEqual(derived, parsed.hash);
}
