// Stores a non-expiring offline token on an installed shop's row, the way the server stored
// every token before it asked the platform for expiring ones: sealed with the app secret, no
// expiry, no refresh token. It opens the server's own database (applying its migrations) while
// no server runs on it, so a browser test can put such a shop in place before the server starts.
// Usage: PGLITE_DIR=… APP_SECRET_FILE=… tsx store-non-expiring-token.ts <shop domain> <token>
import { eq } from 'drizzle-orm';
import { readOrCreateAppSecret } from '../../src/core/app-secret-file.js';
import { createTokenCipher } from '../../src/core/crypto/token-cipher.js';
import { openDatabase } from '../../src/core/db/client.js';
import { shops } from '../../src/core/db/schema.js';
import { createTokenColumns } from '../../src/core/tokens/token-columns.js';
import { nonExpiringGrant } from './non-expiring-grant.js';

const [domain, accessToken] = process.argv.slice(2);
const { PGLITE_DIR: pgliteDir, APP_SECRET_FILE: secretFile } = process.env;
if (!domain || !accessToken || !pgliteDir || !secretFile) {
  throw new Error('needs PGLITE_DIR, APP_SECRET_FILE, a shop domain and the token');
}
const columns = createTokenColumns(createTokenCipher(readOrCreateAppSecret(secretFile)));
const { db, close } = await openDatabase({ pgliteDir });
try {
  const [row] = await db.select().from(shops).where(eq(shops.domain, domain));
  if (!row) throw new Error(`no shop row for ${domain}`);
  const sealed = columns.sealGrant(nonExpiringGrant(accessToken, row.grantedScopes), domain);
  await db.update(shops).set(sealed).where(eq(shops.id, row.id));
} finally {
  await close();
}
