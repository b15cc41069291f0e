// One-time and session secrets: 32 random bytes in base64url handed out once, and only their
// SHA-256 kept, so a leaked table cannot be replayed. Lookups compare hashes.
import { createHash, randomBytes } from 'node:crypto';

export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}
