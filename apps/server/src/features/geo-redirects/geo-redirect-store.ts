// Reading and writing a shop's Geolocation Redirects: the rows in their order, the engine
// rules they stand for (switched off on a plan without the feature), and a save that replaces
// the whole ordered list while each kept rule keeps its id and hits.
import {
  geoRedirectMessages as m,
  planIncludes,
  type GeoRedirectEntry,
  type GeoRedirectRuleInput,
} from '@gatehouse/contracts';
import { normalizeRedirectUrl, type Rule } from '@gatehouse/engine';
import { asc, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../core/db/client.js';
import type { Shop } from '../../core/db/schema.js';
import { badRequest } from '../../core/errors.js';
import { geoRedirectRules, type GeoRedirectRuleRow } from './geo-redirects-schema.js';

export const GEO_REDIRECTS = 'geo-redirects';

export async function loadRedirectRows(
  db: Database,
  shopId: string,
): Promise<GeoRedirectRuleRow[]> {
  return db
    .select()
    .from(geoRedirectRules)
    .where(eq(geoRedirectRules.shopId, shopId))
    .orderBy(asc(geoRedirectRules.position));
}

/** The engine rules of the rows, in order; all off on a plan without the feature. */
export function redirectEngineRules(
  rows: readonly Omit<GeoRedirectRuleRow, 'shopId' | 'note' | 'hits' | 'lastHitAt' | 'createdAt'>[],
  shop: Pick<Shop, 'plan'>,
): Rule[] {
  const enforced = planIncludes(shop.plan, 'geoRedirects');
  return rows.map((row) => ({
    id: row.id,
    kind: 'geo-redirect',
    enabled: row.enabled && enforced,
    countries: row.countries,
    continents: row.continents,
    url: row.url,
    keepPath: row.keepPath,
    ...(row.mode === 'prompt' ? { prompt: row.prompt } : {}),
  }));
}

export function toRedirectEntry(row: GeoRedirectRuleRow): GeoRedirectEntry {
  return {
    id: row.id,
    enabled: row.enabled,
    countries: row.countries,
    continents: row.continents,
    url: row.url,
    keepPath: row.keepPath,
    mode: row.mode === 'prompt' ? 'prompt' : 'auto',
    prompt: row.prompt,
    hits: row.hits,
    lastHitAt: row.lastHitAt?.toISOString() ?? null,
  };
}

/** The rows a save would store: kept rules keep their id, hits and creation time. */
export function planRedirectRows(
  shopId: string,
  existing: readonly GeoRedirectRuleRow[],
  input: readonly GeoRedirectRuleInput[],
): GeoRedirectRuleRow[] {
  const byId = new Map(existing.map((row) => [row.id, row]));
  const seen = new Set<string>();
  return input.map((rule, position) => {
    const kept = rule.id === undefined ? undefined : byId.get(rule.id);
    if (rule.id !== undefined && (!kept || seen.has(rule.id))) throw badRequest(m.ruleId);
    if (rule.id !== undefined) seen.add(rule.id);
    const upper = (codes: string[]) => [...new Set(codes.map((c) => c.trim().toUpperCase()))];
    return {
      id: kept?.id ?? randomUUID(),
      shopId,
      note: kept?.note ?? '',
      hits: kept?.hits ?? 0,
      lastHitAt: kept?.lastHitAt ?? null,
      createdAt: kept?.createdAt ?? new Date(),
      position,
      enabled: rule.enabled,
      countries: upper(rule.countries),
      continents: upper(rule.continents),
      url: normalizeRedirectUrl(rule.url) ?? rule.url.trim(),
      keepPath: rule.keepPath,
      mode: rule.mode,
      prompt: { ...rule.prompt, flag: rule.prompt.flag.trim().toUpperCase() },
    };
  });
}

export async function replaceRedirectRows(
  db: Database,
  shopId: string,
  rows: readonly GeoRedirectRuleRow[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(geoRedirectRules).where(eq(geoRedirectRules.shopId, shopId));
    if (rows.length > 0) await tx.insert(geoRedirectRules).values([...rows]);
  });
}
