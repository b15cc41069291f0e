// A shop's stored protection rules as the engine's RuleSet, and the one check every save goes
// through: the engine's compile() of the whole rule set as it would be after the change. A
// refused set answers 400 with the engine's first message and nothing is written.
import { planIncludes } from '@gatehouse/contracts';
import { compile, type Policy, type Rule, type RuleSet } from '@gatehouse/engine';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import {
  ipRules,
  protectionSettings,
  type IpRuleRow,
  type ProtectionSettingsRow,
} from '../../../db/protection-schema.js';
import {
  asnBlockerSettings,
  asnRules,
  countryBlocker,
  shops,
  type AsnBlockerSettingsRow,
  type AsnRuleRow,
  type Shop,
} from '../../../db/schema.js';
import { badRequest } from '../../../errors.js';

/** The country rule's id in the engine's rule set (one Country Blocker per shop). */
export const COUNTRY_RULE_ID = 'country';

export interface CountryState {
  mode: 'blacklist' | 'whitelist';
  countries: string[];
}

export type AsnRuleState = Pick<AsnRuleRow, 'id' | 'asn' | 'name'>;

export interface AsnState {
  /** In the order they were added, which is also the order the engine applies them in. */
  rows: AsnRuleState[];
  settings: Pick<AsnBlockerSettingsRow, 'action' | 'redirectUrl' | 'monitor'> | null;
  /**
   * The shop's plan includes the ISP/ASN Blocker. Without it the entries are kept (and still
   * validated) but do not apply, as after a downgrade.
   */
  enforced: boolean;
}

export interface StoredRules {
  shop: Shop;
  ipRows: Pick<IpRuleRow, 'id' | 'list' | 'ip' | 'expiresAt'>[];
  country: CountryState;
  settings: ProtectionSettingsRow | null;
  asn: AsnState;
}

/** Reads everything a policy is built from; null when the shop is unknown. */
export async function loadStoredRules(
  db: Database,
  where: { shopId: string } | { domain: string },
): Promise<StoredRules | null> {
  const [shop] = await db
    .select()
    .from(shops)
    .where('shopId' in where ? eq(shops.id, where.shopId) : eq(shops.domain, where.domain));
  if (!shop) return null;
  const [ipRows, [country], [settings], asnRows, [asnSettings]] = await Promise.all([
    db
      .select({ id: ipRules.id, list: ipRules.list, ip: ipRules.ip, expiresAt: ipRules.expiresAt })
      .from(ipRules)
      .where(eq(ipRules.shopId, shop.id))
      .orderBy(asc(ipRules.createdAt), asc(ipRules.id)),
    db.select().from(countryBlocker).where(eq(countryBlocker.shopId, shop.id)),
    db.select().from(protectionSettings).where(eq(protectionSettings.shopId, shop.id)),
    db
      .select({ id: asnRules.id, asn: asnRules.asn, name: asnRules.name })
      .from(asnRules)
      .where(eq(asnRules.shopId, shop.id))
      .orderBy(asc(asnRules.createdAt), asc(asnRules.id)),
    db.select().from(asnBlockerSettings).where(eq(asnBlockerSettings.shopId, shop.id)),
  ]);
  return {
    shop,
    ipRows,
    country: { mode: country?.mode ?? 'blacklist', countries: country?.countries ?? [] },
    settings: settings ?? null,
    asn: {
      rows: asnRows,
      settings: asnSettings ?? null,
      enforced: planIncludes(shop.plan, 'asnBlocker'),
    },
  };
}

export function ipRule(row: Pick<IpRuleRow, 'id' | 'list' | 'ip' | 'expiresAt'>): Rule {
  return {
    id: row.id,
    kind: row.list === 'allow' ? 'ip-allow' : 'ip-block',
    ip: row.ip,
    ...(row.expiresAt ? { expiresAt: row.expiresAt.toISOString() } : {}),
  };
}

export function countryRule(
  country: CountryState,
  settings: Pick<
    ProtectionSettingsRow,
    'countryAction' | 'countryRedirectUrl' | 'countryMonitor'
  > | null,
): Rule {
  const redirect = settings?.countryAction === 'redirect' && settings.countryRedirectUrl;
  return {
    id: COUNTRY_RULE_ID,
    kind: 'country',
    mode: country.mode,
    countries: country.countries,
    action: redirect ? { type: 'redirect', url: redirect } : { type: 'block' },
    monitor: settings?.countryMonitor ?? false,
  };
}

/** One engine rule per ISP/ASN entry, so a decision names the entry that matched. */
export function asnRule(row: AsnRuleState, asn: Omit<AsnState, 'rows'>): Rule {
  const s = asn.settings;
  return {
    id: row.id,
    kind: 'asn',
    ...(row.asn !== null ? { asns: [row.asn] } : { names: [row.name ?? ''] }),
    action:
      s?.action === 'redirect' && s.redirectUrl
        ? { type: 'redirect', url: s.redirectUrl }
        : { type: 'block' },
    monitor: s?.monitor ?? false,
    ...(asn.enforced ? {} : { enabled: false }),
  };
}

/** The engine's input for the stored rules. */
export function toRuleSet(stored: Omit<StoredRules, 'shop'> & { appEnabled: boolean }): RuleSet {
  return {
    appEnabled: stored.appEnabled,
    rules: [
      ...stored.ipRows.map(ipRule),
      countryRule(stored.country, stored.settings),
      ...stored.asn.rows.map((row) => asnRule(row, stored.asn)),
    ],
  };
}

/** Compiles, or throws the 400 a merchant sees with the engine's first message. */
export function compileOrThrow(ruleSet: RuleSet): Policy {
  const result = compile(ruleSet);
  if (!result.ok) throw badRequest(result.errors[0]?.message ?? 'These rules are not valid.');
  return result.policy;
}
