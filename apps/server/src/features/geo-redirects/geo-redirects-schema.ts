// Geolocation Redirects' rules, one row each, in the merchant's order (`position`). Each row is
// also an engine `geo-redirect` rule whose id is the row's id, so it counts its own hits.
import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { entryColumns } from '../../protection/entry-columns.js';

export interface StoredRedirectPrompt {
  title: string;
  text: string;
  accept: string;
  decline: string;
  flag: string;
}

export const geoRedirectRules = pgTable(
  'geo_redirect_rules',
  {
    ...entryColumns(),
    /** 0 first: the order the rules apply in. */
    position: integer('position').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Upper-case ISO 3166-1 alpha-2 codes. */
    countries: text('countries').array().notNull(),
    /** Continent codes; each stands for all its countries. */
    continents: text('continents').array().notNull(),
    /** The https target, in the engine's normal form. */
    url: text('url').notNull(),
    keepPath: boolean('keep_path').notNull().default(false),
    /** 'auto' or 'prompt'. */
    mode: text('mode').notNull().default('auto'),
    /** What the prompt says (kept while the rule is automatic, for when it is switched back). */
    prompt: jsonb('prompt').$type<StoredRedirectPrompt>().notNull(),
  },
  (t) => [index('geo_redirect_rules_shop_position_idx').on(t.shopId, t.position)],
);
export type GeoRedirectRuleRow = typeof geoRedirectRules.$inferSelect;
