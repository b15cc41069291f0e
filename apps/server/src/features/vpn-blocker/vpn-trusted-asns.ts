// The networks a merchant trusts, by AS number: a corporate VPN, a payment provider's or
// another service's callbacks. Each is left out of every switch's rule. Adding compiles the
// shop's rules with the new network first, so the engine's checks apply before anything is
// written; at most `maxTrustedAsns` per shop.
import { maxTrustedAsns, vpnMessages as m, type TrustedAsn } from '@gatehouse/contracts';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../core/db/client.js';
import type { Shop } from '../../core/db/schema.js';
import { badRequest } from '../../core/errors.js';
import type { BlockerRegistry } from '../../protection/blocker-registry.js';
import { vpnTrustedAsns, type VpnTrustedAsnRow } from './vpn-blocker-schema.js';
import { VPN_BLOCKER, vpnEngineRules, type VpnState } from './vpn-rules.js';

export function toTrustedAsn(row: VpnTrustedAsnRow): TrustedAsn {
  return { id: row.id, asn: row.asn, note: row.note, createdAt: row.createdAt.toISOString() };
}

/** Adds one trusted network after the engine's check; 400 when it is listed or the list full. */
export async function addTrustedAsn(
  blockers: BlockerRegistry,
  db: Database,
  shop: Shop,
  state: VpnState,
  asn: number,
  note: string,
): Promise<VpnTrustedAsnRow> {
  if (state.trustedAsns.includes(asn)) throw badRequest(m.duplicate);
  if (state.trustedAsns.length >= maxTrustedAsns) throw badRequest(m.cap);
  await blockers.check(db, shop, {
    blocker: VPN_BLOCKER,
    rules: vpnEngineRules({ ...state, trustedAsns: [...state.trustedAsns, asn] }),
  });
  const [row] = await db
    .insert(vpnTrustedAsns)
    .values({ shopId: shop.id, asn, note })
    .onConflictDoNothing({ target: [vpnTrustedAsns.shopId, vpnTrustedAsns.asn] })
    .returning();
  // Another request added it in between.
  if (!row) throw badRequest(m.duplicate);
  return row;
}

/** Every trusted network of the shop, newest first. */
export async function listTrustedAsns(db: Database, shopId: string): Promise<TrustedAsn[]> {
  const rows = await db
    .select()
    .from(vpnTrustedAsns)
    .where(eq(vpnTrustedAsns.shopId, shopId))
    .orderBy(desc(vpnTrustedAsns.createdAt), desc(vpnTrustedAsns.id));
  return rows.map(toTrustedAsn);
}

export async function deleteTrustedAsns(
  db: Database,
  shopId: string,
  ids: string[],
): Promise<number> {
  const rows = await db
    .delete(vpnTrustedAsns)
    .where(and(eq(vpnTrustedAsns.shopId, shopId), inArray(vpnTrustedAsns.id, ids)))
    .returning({ id: vpnTrustedAsns.id });
  return rows.length;
}
