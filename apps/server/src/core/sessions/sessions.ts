// Merchant sessions: a random bearer token handed out once, stored as its SHA-256, lasting 7
// days (1 hour when support impersonates), revocable, and void once the shop uninstalls.
import { and, eq, gt, isNull } from 'drizzle-orm';
import { hashSecret, newSecret } from '../crypto/secrets.js';
import type { Database } from '../db/client.js';
import { sessions, shops } from '../db/schema.js';

export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const IMPERSONATED_SESSION_TTL_MS = 60 * 60 * 1000;
const LAST_SEEN_RESOLUTION_MS = 60 * 1000;

export interface RequestSession {
  /** The stored session's id; null for a platform session token, which nothing stores. */
  sessionId: string | null;
  shopId: string;
  impersonated: boolean;
  /** The platform's staff user named by a session token; null for a stored session. */
  staffUserId: string | null;
}

export async function createSession(
  db: Database,
  shopId: string,
  impersonated: boolean,
): Promise<string> {
  const token = newSecret();
  const ttl = impersonated ? IMPERSONATED_SESSION_TTL_MS : SESSION_TTL_MS;
  await db.insert(sessions).values({
    shopId,
    tokenHash: hashSecret(token),
    expiresAt: new Date(Date.now() + ttl),
    impersonated,
  });
  return token;
}

/** The live session a bearer token names, or null (unknown, expired, revoked, uninstalled). */
export async function findSession(db: Database, token: string): Promise<RequestSession | null> {
  const now = new Date();
  const [row] = await db
    .select({
      sessionId: sessions.id,
      shopId: sessions.shopId,
      impersonated: sessions.impersonated,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(shops, eq(shops.id, sessions.shopId))
    .where(
      and(
        eq(sessions.tokenHash, hashSecret(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        isNull(shops.uninstalledAt),
      ),
    );
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, row.sessionId));
  }
  return {
    sessionId: row.sessionId,
    shopId: row.shopId,
    impersonated: row.impersonated,
    staffUserId: null,
  };
}

export async function revokeSession(db: Database, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeShopSessions(db: Database, shopId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.shopId, shopId), isNull(sessions.revokedAt)));
}
