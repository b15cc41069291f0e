// Keeps every shop's offline token usable: before a platform call a token with less than five
// minutes left is refreshed, and after a 401 the call is tried once more with a renewed token
// (refreshed, or migrated when it is a non-expiring one). Refresh tokens rotate on every use,
// so one shop is renewed by one caller at a time across every instance: the renewal holds the
// shop's row locked (SELECT … FOR UPDATE) from reading the stored pair to writing the new one;
// whoever waited on the lock then finds a token other than the one it had and uses that
// instead of renewing again. A renewal the platform refuses marks the token dead: from then on
// no call is made with it (ShopTokenDeadError at once) until the merchant signs in again.
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { audit } from '../audit.js';
import type { Database } from '../db/client.js';
import { shops, type Shop } from '../db/schema.js';
import type { OfflineTokenGrants } from '../platform/offline-token-grants.js';
import type { TokenKeeper } from '../platform/platform-client.js';
import { ShopTokenDeadError } from '../platform/shop-token-dead.js';
import type { TokenColumnsCodec } from './token-columns.js';

/** A token with less than this left is refreshed before it is used. */
export const REFRESH_MARGIN_MS = 5 * 60_000;

export type MigrationOutcome = 'migrated' | 'already-expiring' | 'dead' | 'not-installed';
export type UpkeepOutcome = 'refreshed' | 'fresh' | 'dead' | 'not-installed';

/** Which stored token a renewal replaces; any other is left as it is. */
type Wanted =
  /** The token a caller was given (about to expire, or answered 401). */
  | { stale: string }
  /** A non-expiring token. */
  | { migrate: true }
  /** An expiring pair whose refresh token expires before this date. */
  | { refreshBefore: Date };

export interface OfflineTokenKeeper extends TokenKeeper {
  /** Notes the token a caller read from the shop's row, with its expiry and state. */
  remember(shop: Shop, token: string): void;
  /** Migrates the shop's non-expiring token to an expiring pair, if it still has one. */
  migrate(domain: string): Promise<MigrationOutcome>;
  /** Refreshes the shop's pair if its refresh token expires before `before` (an idle shop). */
  refreshAging(domain: string, before: Date): Promise<UpkeepOutcome>;
}

type Renewal =
  | { kind: 'token'; token: string; expiresAt: Date | null; renewed: boolean }
  | { kind: 'dead'; error: ShopTokenDeadError; shopId: string; marked: boolean }
  | { kind: 'gone' };

export function createOfflineTokenKeeper(deps: {
  db: Database;
  platform: OfflineTokenGrants;
  columns: TokenColumnsCodec;
  log: FastifyBaseLogger;
}): OfflineTokenKeeper {
  const { db, platform, columns, log } = deps;
  /** The token last read or renewed for each shop by this instance. */
  const known = new Map<string, { token: string; expiresAt: Date | null; dead: boolean }>();

  /** Under the shop's row lock: a renewed token when the stored one is the one wanted, else it. */
  async function renewLocked(domain: string, wanted: Wanted): Promise<Renewal> {
    return db.transaction(async (tx): Promise<Renewal> => {
      const [row] = await tx.select().from(shops).where(eq(shops.domain, domain)).for('update');
      const stored = row && !row.uninstalledAt ? columns.open(row) : null;
      if (!row || !stored) return { kind: 'gone' };
      if (row.tokenState === 'dead') {
        const since = row.tokenDeadSince?.toISOString() ?? 'earlier';
        const error = new ShopTokenDeadError(domain, `the token was refused ${since}`);
        return { kind: 'dead', error, shopId: row.id, marked: false };
      }
      const replace =
        'stale' in wanted
          ? stored.accessToken === wanted.stale
          : 'migrate' in wanted
            ? stored.expiresAt === null
            : stored.refreshTokenExpiresAt !== null &&
              stored.refreshTokenExpiresAt < wanted.refreshBefore;
      if (!replace) {
        return {
          kind: 'token',
          token: stored.accessToken,
          expiresAt: stored.expiresAt,
          renewed: false,
        };
      }
      try {
        const grant = stored.refreshToken
          ? await platform.refreshOfflineToken(domain, stored.refreshToken)
          : await platform.migrateOfflineToken(domain, stored.accessToken);
        await tx
          .update(shops)
          .set({ ...columns.sealGrant(grant, domain), updatedAt: new Date() })
          .where(eq(shops.id, row.id));
        return {
          kind: 'token',
          token: grant.accessToken,
          expiresAt: grant.expiresAt,
          renewed: true,
        };
      } catch (error) {
        if (!(error instanceof ShopTokenDeadError)) throw error;
        await tx
          .update(shops)
          .set({ tokenState: 'dead', tokenDeadSince: new Date(), updatedAt: new Date() })
          .where(eq(shops.id, row.id));
        return { kind: 'dead', error, shopId: row.id, marked: true };
      }
    });
  }

  /** The renewed token, or the reason there is none; a newly dead token is logged once. */
  async function renew(
    domain: string,
    wanted: Wanted,
  ): Promise<{ token: string; renewed: boolean } | null> {
    const renewal = await renewLocked(domain, wanted);
    if (renewal.kind === 'gone') {
      known.delete(domain);
      return null;
    }
    if (renewal.kind === 'dead') {
      const entry = known.get(domain);
      if (entry) entry.dead = true;
      if (renewal.marked) {
        log.error(
          { shop: domain, reason: renewal.error.detail },
          'offline token dead: the platform refused its renewal; the shop must sign in again',
        );
        await audit(db, {
          shopId: renewal.shopId,
          actor: 'platform',
          action: 'shop.token_dead',
          detail: { reason: renewal.error.detail },
        });
      }
      throw renewal.error;
    }
    known.set(domain, { token: renewal.token, expiresAt: renewal.expiresAt, dead: false });
    if (renewal.renewed) log.info({ shop: domain }, 'offline token renewed');
    return { token: renewal.token, renewed: renewal.renewed };
  }

  /** A renewal for the upkeep job: a dead token is one of its outcomes, not a failure. */
  async function upkeep(
    domain: string,
    wanted: Wanted,
  ): Promise<'renewed' | 'kept' | 'dead' | 'not-installed'> {
    try {
      const renewal = await renew(domain, wanted);
      if (!renewal) return 'not-installed';
      return renewal.renewed ? 'renewed' : 'kept';
    } catch (error) {
      if (error instanceof ShopTokenDeadError) return 'dead';
      throw error;
    }
  }

  return {
    remember(shop, token) {
      known.set(shop.domain, {
        token,
        expiresAt: shop.accessTokenExpiresAt,
        dead: shop.tokenState === 'dead',
      });
    },

    async beforeCall(domain, token) {
      const entry = known.get(domain);
      // A token no stored row gave (a sign-in's own grant) is used as it is.
      if (!entry || entry.token !== token) return token;
      if (entry.dead) throw new ShopTokenDeadError(domain, 'the token was refused earlier');
      if (!entry.expiresAt || entry.expiresAt.getTime() - Date.now() > REFRESH_MARGIN_MS) {
        return token;
      }
      return (await renew(domain, { stale: token }))?.token ?? token;
    },

    async afterUnauthorized(domain, token) {
      return (await renew(domain, { stale: token }))?.token ?? null;
    },

    async migrate(domain) {
      const outcome = await upkeep(domain, { migrate: true });
      return outcome === 'renewed' ? 'migrated' : outcome === 'kept' ? 'already-expiring' : outcome;
    },

    async refreshAging(domain, before) {
      const outcome = await upkeep(domain, { refreshBefore: before });
      return outcome === 'renewed' ? 'refreshed' : outcome === 'kept' ? 'fresh' : outcome;
    },
  };
}
