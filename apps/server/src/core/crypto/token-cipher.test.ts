import { describe, expect, it } from 'vitest';
import { createTokenCipher } from './token-cipher.js';

const cipher = createTokenCipher('a-test-app-secret-of-enough-length');

describe('token cipher', () => {
  it('round-trips a token and never stores it in clear', () => {
    const sealed = cipher.seal('shpat_0123456789abcdef', 'demo.myshopify.com');
    expect(sealed.ciphertext).not.toContain('shpat');
    expect(cipher.open(sealed, 'demo.myshopify.com')).toBe('shpat_0123456789abcdef');
  });

  it('uses a fresh iv each time', () => {
    const a = cipher.seal('same', 'demo.myshopify.com');
    const b = cipher.seal('same', 'demo.myshopify.com');
    expect(a.iv).not.toBe(b.iv);
    expect(a.ciphertext).not.toBe(b.ciphertext);
  });

  it('refuses a tampered ciphertext or tag', () => {
    const sealed = cipher.seal('shpat_secret', 'demo.myshopify.com');
    const bytes = Buffer.from(sealed.ciphertext, 'base64');
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    expect(() =>
      cipher.open({ ...sealed, ciphertext: bytes.toString('base64') }, 'demo.myshopify.com'),
    ).toThrow();
    const tag = Buffer.from(sealed.tag, 'base64');
    tag[0] = (tag[0] ?? 0) ^ 1;
    expect(() =>
      cipher.open({ ...sealed, tag: tag.toString('base64') }, 'demo.myshopify.com'),
    ).toThrow();
  });

  it('refuses a token moved to another shop or opened with another secret', () => {
    const sealed = cipher.seal('shpat_secret', 'demo.myshopify.com');
    expect(() => cipher.open(sealed, 'other.myshopify.com')).toThrow();
    const other = createTokenCipher('another-app-secret-of-enough-length');
    expect(() => other.open(sealed, 'demo.myshopify.com')).toThrow();
  });
});
