// Offline-token set-ups the token tests share: a shop whose row holds a non-expiring token,
// as every shop installed before Gatehouse asked for expiring tokens has, and the shop's row.
import { eq } from 'drizzle-orm';
import { shops, type Shop } from '../../src/db/schema.js';
import type { TestApp } from '../helpers/test-app.js';

export async function shopRow(t: TestApp, domain: string): Promise<Shop> {
  const [row] = await t.app.db.select().from(shops).where(eq(shops.domain, domain));
  if (!row) throw new Error(`no shop row for ${domain}`);
  return row;
}

/**
 * Gives an installed shop a non-expiring token on the platform and stores it the way the
 * server did before expiring tokens: no expiry, no refresh token.
 */
export async function withNonExpiringToken(t: TestApp, domain: string): Promise<string> {
  const { accessToken } = await t.emulator.issueNonExpiringToken(domain);
  const row = await shopRow(t, domain);
  await t.app.db
    .update(shops)
    .set(
      t.app.tokens.sealed(
        {
          accessToken,
          scopes: row.grantedScopes.split(','),
          expiresAt: null,
          refreshToken: null,
          refreshTokenExpiresAt: null,
        },
        domain,
      ),
    )
    .where(eq(shops.id, row.id));
  return accessToken;
}

/** The platform's token grants for the shop since install. */
export async function grantsOf(t: TestApp, domain: string) {
  const state = await t.emulator.shop(domain);
  return state.installation?.grants ?? { authorizationCode: 0, refresh: 0, migration: 0 };
}

export const AFTER_CUTOFF = '2027-01-02T00:00:00Z';
