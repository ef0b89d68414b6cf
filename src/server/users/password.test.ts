import { describe, expect, it } from 'vitest';
import { TEST_SCRYPT } from '../testing/test-app.ts';
import { hashPassword, OWASP_SCRYPT_PARAMS, parsePasswordHash, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('hashes with OWASP parameters (N=2^17, r=8, p=1) and a 16-byte salt, in a self-describing string', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(hash).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(parsePasswordHash(hash)?.params).toEqual(OWASP_SCRYPT_PARAMS);
    expect(parsePasswordHash(hash)?.salt).toHaveLength(16);
    expect(await verifyPassword('correct horse battery staple', hash)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', hash)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same', TEST_SCRYPT)).not.toBe(await hashPassword('same', TEST_SCRYPT));
  });

  it('verifies with the parameters stored in the hash, so they can change later', async () => {
    const cheap = await hashPassword('pw', { ln: 5, r: 4, p: 2 });
    expect(cheap.startsWith('$scrypt$ln=5,r=4,p=2$')).toBe(true);
    expect(await verifyPassword('pw', cheap)).toBe(true);
  });

  it('refuses malformed or absurd stored hashes instead of throwing', async () => {
    const good = await hashPassword('pw', TEST_SCRYPT);
    for (const bad of [
      '',
      'plaintext',
      good.replace('ln=4', 'ln=40'),
      good.replace('$scrypt$', '$argon2id$'),
      `${good}$x`,
    ]) {
      expect(await verifyPassword('pw', bad), bad).toBe(false);
    }
  });

  it('treats Unicode-equivalent passwords alike (NFC)', async () => {
    const hash = await hashPassword('caf\u00e9', TEST_SCRYPT);
    expect(await verifyPassword('cafe\u0301', hash)).toBe(true);
  });
});
