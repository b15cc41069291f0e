// Loading the shop a session belongs to; every account query starts here, so no call can
// reach another shop's row.
import { eq } from 'drizzle-orm';
import type { Database } from './db/client.js';
import { shops, type Shop } from './db/schema.js';
import { unauthorized } from './errors.js';

export async function shopOfSession(db: Database, session: { shopId: string }): Promise<Shop> {
  const [shop] = await db.select().from(shops).where(eq(shops.id, session.shopId));
  if (!shop || shop.uninstalledAt) throw unauthorized();
  return shop;
}

/** The id of the installed (not uninstalled) shop of a domain, or null. */
export async function installedShopId(db: Database, domain: string): Promise<string | null> {
  const [row] = await db
    .select({ id: shops.id, uninstalledAt: shops.uninstalledAt })
    .from(shops)
    .where(eq(shops.domain, domain));
  return row && !row.uninstalledAt ? row.id : null;
}

export const THEME_SCOPES = ['read_themes', 'write_themes'];

export function hasThemeScope(shop: Pick<Shop, 'grantedScopes'>): boolean {
  return shop.grantedScopes.split(',').some((s) => THEME_SCOPES.includes(s.trim()));
}
