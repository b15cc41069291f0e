// Encrypts secrets and personal data at rest: AES-256-GCM with a key derived from APP_SECRET by
// HKDF-SHA256, one key per purpose (access tokens, webhook bodies, customer data). The owner
// (the shop domain for a token, the row's id otherwise) is bound in as associated data, so a
// ciphertext copied onto another row does not decrypt.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export interface SealedToken {
  iv: string;
  tag: string;
  ciphertext: string;
}

export interface TokenCipher {
  seal(plaintext: string, shopDomain: string): SealedToken;
  /** Throws when the sealed value was altered or belongs to another shop. */
  open(sealed: SealedToken, shopDomain: string): string;
}

export function createTokenCipher(
  appSecret: string,
  purpose = 'gatehouse access token v1',
): TokenCipher {
  const key = Buffer.from(hkdfSync('sha256', appSecret, 'gatehouse', purpose, 32));
  return {
    seal(plaintext, shopDomain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(shopDomain, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return {
        iv: iv.toString('base64'),
        tag: cipher.getAuthTag().toString('base64'),
        ciphertext: ciphertext.toString('base64'),
      };
    },
    open(sealed, shopDomain) {
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
      decipher.setAAD(Buffer.from(shopDomain, 'utf8'));
      decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
      return Buffer.concat([
        decipher.update(Buffer.from(sealed.ciphertext, 'base64')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}
