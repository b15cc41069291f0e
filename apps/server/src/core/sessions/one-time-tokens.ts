// One-time tokens (OAuth state, login links, support personate links): minted as random
// secrets, stored hashed with an expiry, and spent by a single conditional UPDATE so a token
// can never be used twice, even by two requests racing each other.
import { and, eq, gt, isNull } from 'drizzle-orm';
import { hashSecret, newSecret } from '../crypto/secrets.js';
import type { Database } from '../db/client.js';
import { loginTokens, oauthStates, personateTokens } from '../db/schema.js';

export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;
export const LOGIN_TOKEN_TTL_MS = 2 * 60 * 1000;
export const PERSONATE_TOKEN_TTL_MS = 10 * 60 * 1000;

export async function storeOAuthState(db: Database, state: string, shopDomain: string) {
  await db.insert(oauthStates).values({
    stateHash: hashSecret(state),
    shopDomain,
    expiresAt: new Date(Date.now() + OAUTH_STATE_TTL_MS),
  });
}

/** True when the state was issued for this shop, is unexpired and had not been used. */
export async function spendOAuthState(db: Database, state: string, shopDomain: string) {
  const now = new Date();
  const rows = await db
    .update(oauthStates)
    .set({ usedAt: now })
    .where(
      and(
        eq(oauthStates.stateHash, hashSecret(state)),
        eq(oauthStates.shopDomain, shopDomain),
        isNull(oauthStates.usedAt),
        gt(oauthStates.expiresAt, now),
      ),
    )
    .returning({ shopDomain: oauthStates.shopDomain });
  return rows.length === 1;
}

export async function mintLoginToken(db: Database, shopId: string): Promise<string> {
  const token = newSecret();
  await db.insert(loginTokens).values({
    shopId,
    tokenHash: hashSecret(token),
    expiresAt: new Date(Date.now() + LOGIN_TOKEN_TTL_MS),
  });
  return token;
}

/** The shop id the login token was minted for, or null when it is unknown, used or expired. */
export async function spendLoginToken(db: Database, token: string): Promise<string | null> {
  const now = new Date();
  const [row] = await db
    .update(loginTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(loginTokens.tokenHash, hashSecret(token)),
        isNull(loginTokens.usedAt),
        gt(loginTokens.expiresAt, now),
      ),
    )
    .returning({ shopId: loginTokens.shopId });
  return row?.shopId ?? null;
}

export async function mintPersonateToken(
  db: Database,
  shopId: string,
  createdBy: string,
): Promise<string> {
  const token = newSecret();
  await db.insert(personateTokens).values({
    shopId,
    createdBy,
    tokenHash: hashSecret(token),
    expiresAt: new Date(Date.now() + PERSONATE_TOKEN_TTL_MS),
  });
  return token;
}

export async function spendPersonateToken(
  db: Database,
  token: string,
): Promise<{ shopId: string; createdBy: string } | null> {
  const now = new Date();
  const [row] = await db
    .update(personateTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(personateTokens.tokenHash, hashSecret(token)),
        isNull(personateTokens.usedAt),
        gt(personateTokens.expiresAt, now),
      ),
    )
    .returning({ shopId: personateTokens.shopId, createdBy: personateTokens.createdBy });
  return row ?? null;
}
