// One-click rule changes from a visitor-log row, through the same checks as the rule pages:
// IP entries go through the IP lists' canonical form, plan cap and compile check
// (protection/rules/ip-lists.ts); a country goes into a blacklist, or out of a whitelist,
// through the Country Blocker's compile check; an ASN goes into the ISP/ASN Blocker through its
// own (protection/rules/asn-list.ts). The shop's policy is rebuilt before the answer, so the
// next decision already applies the change.
import { visitorLogMessages as m, type QuickActionResult } from '@gatehouse/contracts';
import { isCountryCode, parseAsn } from '@gatehouse/engine';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { countryBlocker } from '../../db/schema.js';
import { badRequest } from '../../errors.js';
import { requireFeature } from '../billing/gates.js';
import { addAsnEntry, findSameEntry } from '../protection/rules/asn-list.js';
import {
  canonicalIp,
  checkRules,
  enforceCap,
  insertEntries,
  loadRulesOf,
} from '../protection/rules/ip-lists.js';
import { compileOrThrow, toRuleSet } from '../protection/rules/shop-rules.js';

const LIST_NAMES = { block: 'IP block list', allow: 'IP allow list' } as const;

export async function addIpFromLog(
  db: Database,
  shopId: string,
  kind: 'block' | 'allow',
  value: string,
): Promise<QuickActionResult> {
  const ip = canonicalIp(value);
  if (ip === null || ip.includes('/')) throw badRequest(m.quickValueIp);
  const stored = await loadRulesOf(db, shopId);
  if (stored.ipRows.some((r) => r.list === kind && r.ip === ip)) {
    return { changed: false, message: `${ip} is already in the ${LIST_NAMES[kind]}.` };
  }
  checkRules(stored, kind, [{ ip, expiresAt: null }]);
  enforceCap(stored, kind, 1);
  await insertEntries(db, shopId, kind, [
    { ip, note: 'Added from the visitor log', expiresAt: null },
  ]);
  return { changed: true, message: `${ip} was added to the ${LIST_NAMES[kind]}.` };
}

export async function blockCountryFromLog(
  db: Database,
  shopId: string,
  value: string,
): Promise<QuickActionResult> {
  const code = value.trim().toUpperCase();
  if (!isCountryCode(code)) throw badRequest(m.quickValueCountry);
  const stored = await loadRulesOf(db, shopId);
  const { mode, countries } = stored.country;
  let next: string[];
  let message: string;
  if (mode === 'blacklist') {
    if (countries.includes(code)) {
      return { changed: false, message: `${code} is already blocked by the Country Blocker.` };
    }
    next = [...countries, code];
    message = `${code} was added to the Country Blocker's blocked countries.`;
  } else {
    if (!countries.includes(code)) {
      return {
        changed: false,
        message: `${code} is already blocked: your whitelist does not allow it.`,
      };
    }
    next = countries.filter((c) => c !== code);
    if (next.length === 0) throw badRequest(m.whitelistLast);
    message = `${code} was removed from the Country Blocker's allowed countries.`;
  }
  compileOrThrow(
    toRuleSet({
      ...stored,
      country: { mode, countries: next },
      appEnabled: !stored.shop.isAppDisabled,
    }),
  );
  await db
    .insert(countryBlocker)
    .values({ shopId, mode, countries: next })
    .onConflictDoUpdate({
      target: countryBlocker.shopId,
      set: { countries: next, updatedAt: sql`now()` },
    });
  return { changed: true, message };
}

export async function blockAsnFromLog(
  db: Database,
  shopId: string,
  value: string,
): Promise<QuickActionResult> {
  const asn = parseAsn(value);
  if (asn === null) throw badRequest(m.quickValueAsn);
  const stored = await loadRulesOf(db, shopId);
  requireFeature(stored.shop, 'asnBlocker');
  const already = `AS${asn} is already blocked by the ISP/ASN Blocker.`;
  if (findSameEntry(stored, { asn })) return { changed: false, message: already };
  const row = await addAsnEntry(db, stored, { asn }, 'Added from the visitor log');
  if (row === null) return { changed: false, message: already };
  return { changed: true, message: `AS${asn} was added to the ISP/ASN Blocker.` };
}
