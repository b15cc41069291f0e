// The development APP_SECRET: when none is configured (never in production), a random secret is
// made on the first start and kept with the data, readable by its owner only, so the support
// key and the token encryption cannot be computed from the source and survive restarts.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

const MIN_LENGTH = 16;

/** Reads the secret kept in `file`, creating it (mode 0600) with 32 random bytes if absent. */
export function readOrCreateAppSecret(file: string): string {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  try {
    writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another start (or an earlier one) made it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  // A copy restored with a wider mode is narrowed again: the file is as sensitive as the key.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < MIN_LENGTH) {
    throw new Error(
      `Invalid server configuration:\n  APP_SECRET_FILE: ${file} holds fewer than ${MIN_LENGTH} characters`,
    );
  }
  return secret;
}
