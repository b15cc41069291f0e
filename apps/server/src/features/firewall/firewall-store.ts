// Reading and writing a shop's Firewall settings, and turning them into what the firewall
// instances apply: the rule set of the storefront blockers the merchant chose (with the
// verified search engines' rule, so crawlers the shop lets in are not stopped at the edge) and
// the firewall's own blockers, compiled by the firewalls with the engine.
import {
  FIREWALL_ENFORCEABLE,
  type FirewallEnforceable,
  type FirewallSettings,
  type FirewallShop,
} from '@gatehouse/contracts';
import type { RuleSet } from '@gatehouse/engine';
import { eq } from 'drizzle-orm';
import type { Database } from '../../core/db/client.js';
import type { Shop } from '../../core/db/schema.js';
import { loadBlockPage } from '../../protection/block-page.js';
import type { BlockerRegistry } from '../../protection/blocker-registry.js';
import { firewallSettings, type FirewallSettingsRow } from './firewall-schema.js';
import { readAll } from '../../core/db/side-by-side.js';

/** Storefront rules that always travel with the enforced ones. */
const ALWAYS = new Set(['verified-crawlers']);

export function settingsOf(row: FirewallSettingsRow | undefined): FirewallSettings {
  return {
    enabled: row?.enabled ?? false,
    origin: row?.origin ?? '',
    hosts: row?.hosts ?? [],
    enforce: (row?.enforce ?? []).filter((name): name is FirewallEnforceable =>
      (FIREWALL_ENFORCEABLE as readonly string[]).includes(name),
    ),
    rateLimit: {
      enabled: row?.rateLimitEnabled ?? false,
      max: row?.rateLimitMax ?? 300,
      windowSeconds: row?.rateLimitWindowSeconds ?? 60,
      action: row?.rateLimitAction === 'block' ? 'block' : 'challenge',
    },
  };
}

export async function loadFirewallSettings(db: Database, shopId: string) {
  const [row] = await db.select().from(firewallSettings).where(eq(firewallSettings.shopId, shopId));
  return settingsOf(row);
}

export async function saveFirewallSettings(db: Database, shopId: string, s: FirewallSettings) {
  const values = {
    enabled: s.enabled,
    origin: s.origin,
    hosts: s.hosts,
    enforce: s.enforce,
    rateLimitEnabled: s.rateLimit.enabled,
    rateLimitMax: s.rateLimit.max,
    rateLimitWindowSeconds: s.rateLimit.windowSeconds,
    rateLimitAction: s.rateLimit.action,
    updatedAt: new Date(),
  };
  await db
    .insert(firewallSettings)
    .values({ shopId, ...values })
    .onConflictDoUpdate({ target: firewallSettings.shopId, set: values });
}

/** The rules a firewall applies for the shop. */
export async function firewallRuleSet(
  storefront: BlockerRegistry,
  firewall: BlockerRegistry,
  db: Database,
  shop: Shop,
  enforce: readonly string[],
): Promise<RuleSet> {
  const chosen = storefront.blockers.filter((b) => ALWAYS.has(b.name) || enforce.includes(b.name));
  const [own, ...parts] = await Promise.all([
    firewall.ruleSet(db, shop),
    ...chosen.map((b) => b.loadRules(db, shop)),
  ]);
  // The storefront's allow rules and lists first, as in the storefront's own order; the
  // engine applies rules by kind, so the firewall's own kinds take their place among them.
  return { appEnabled: !shop.isAppDisabled, rules: [...parts.flat(), ...own!.rules] };
}

/** One shop as the firewall instances see it. */
export async function firewallShopOf(
  storefront: BlockerRegistry,
  firewall: BlockerRegistry,
  db: Database,
  shop: Shop,
  settings: FirewallSettings,
): Promise<FirewallShop> {
  const [ruleSet, blockPage] = await readAll(
    db,
    () => firewallRuleSet(storefront, firewall, db, shop, settings.enforce),
    () => loadBlockPage(db, shop.id),
  );
  const { enabled, ...limit } = settings.rateLimit;
  return {
    shopId: shop.id,
    domain: shop.domain,
    hosts: settings.hosts,
    origin: settings.origin,
    ruleSet,
    blockPage,
    contactEmail: shop.contactEmail,
    rateLimit: enabled ? limit : null,
  };
}
