// The URL Blocker's entries in the database and as engine rules: one `url` rule per entry, in
// the order added, all with the blocker's action and monitor mode, switched off on a plan
// without the Firewall. Adding compiles the firewall's rules with the new entry first, so the
// engine's checks (a pattern that parses, a regular expression its linear-time engine can
// run) apply before anything is written.
import { planIncludes, type UrlEntry } from '@gatehouse/contracts';
import {
  MAX_URL_ENTRIES,
  type Rule,
  type UrlMatchType,
  type UrlMethod,
  type UrlTarget,
} from '@gatehouse/engine';
import { asc, desc, eq, or } from 'drizzle-orm';
import type { Database } from '../../core/db/client.js';
import type { Shop } from '../../core/db/schema.js';
import { badRequest } from '../../core/errors.js';
import type { BlockerRegistry } from '../../protection/blocker-registry.js';
import { containsText, type EntryList } from '../../protection/entry-delete.js';
import {
  actionOf,
  loadBlockerSettings,
  type BlockerSettings,
} from '../../protection/blocker-settings.js';
import { firewallUrlRules, type FirewallUrlRuleRow } from './firewall-url-blocker-schema.js';
import { readAll } from '../../core/db/side-by-side.js';

export const FIREWALL_URL_BLOCKER = 'fw-url-blocker';

export interface UrlPatternInput {
  match: UrlMatchType;
  pattern: string;
  target: UrlTarget;
  methods: UrlMethod[];
}

type UrlRuleState = Pick<FirewallUrlRuleRow, 'id' | 'match' | 'pattern' | 'target' | 'methods'>;

export interface UrlState {
  rows: UrlRuleState[];
  settings: BlockerSettings;
  enforced: boolean;
}

export async function loadUrlState(db: Database, shop: Shop): Promise<UrlState> {
  const [rows, settings] = await readAll(
    db,
    () =>
      db
        .select({
          id: firewallUrlRules.id,
          match: firewallUrlRules.match,
          pattern: firewallUrlRules.pattern,
          target: firewallUrlRules.target,
          methods: firewallUrlRules.methods,
        })
        .from(firewallUrlRules)
        .where(eq(firewallUrlRules.shopId, shop.id))
        .orderBy(asc(firewallUrlRules.createdAt), asc(firewallUrlRules.id)),
    () => loadBlockerSettings(db, shop.id, FIREWALL_URL_BLOCKER),
  );
  return { rows, settings, enforced: planIncludes(shop.plan, 'firewall') };
}

const methodsOf = (text: string) => (text === '' ? [] : (text.split(',') as UrlMethod[]));

export function urlEngineRules(state: UrlState): Rule[] {
  return state.rows.map((row) => ({
    id: row.id,
    kind: 'url',
    match: row.match as UrlMatchType,
    pattern: row.pattern,
    target: row.target as UrlTarget,
    ...(row.methods !== '' ? { methods: methodsOf(row.methods) } : {}),
    action: actionOf(state.settings),
    monitor: state.settings.monitor,
    ...(state.enforced ? {} : { enabled: false }),
  }));
}

export function toUrlEntry(row: FirewallUrlRuleRow): UrlEntry {
  return {
    id: row.id,
    match: row.match as UrlMatchType,
    pattern: row.pattern,
    target: row.target as UrlTarget,
    methods: methodsOf(row.methods),
    note: row.note,
    hits: row.hits,
    lastHitAt: row.lastHitAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export const URL_MESSAGES = {
  duplicate: 'That URL pattern is already in the list.',
  cap: `The URL Blocker holds at most ${MAX_URL_ENTRIES.toLocaleString('en-US')} patterns. Remove some to add more.`,
} as const;

/** Adds one pattern after the engine's check; null when the same pattern is listed. */
export async function addUrlEntry(
  blockers: BlockerRegistry,
  db: Database,
  shop: Shop,
  state: UrlState,
  input: UrlPatternInput,
  note: string,
): Promise<FirewallUrlRuleRow | null> {
  const methods = [...new Set(input.methods)].sort().join(',');
  const entry = { match: input.match, pattern: input.pattern, target: input.target, methods };
  const same = state.rows.find(
    (r) =>
      r.match === entry.match &&
      r.pattern === entry.pattern &&
      r.target === entry.target &&
      r.methods === entry.methods,
  );
  if (same) return null;
  if (state.rows.length >= MAX_URL_ENTRIES) throw badRequest(URL_MESSAGES.cap);
  await blockers.check(db, shop, {
    blocker: FIREWALL_URL_BLOCKER,
    rules: urlEngineRules({ ...state, rows: [...state.rows, { id: 'new-entry', ...entry }] }),
  });
  const [row] = await db
    .insert(firewallUrlRules)
    .values({ shopId: shop.id, ...entry, note })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function listUrlEntries(db: Database, shopId: string): Promise<UrlEntry[]> {
  const rows = await db
    .select()
    .from(firewallUrlRules)
    .where(eq(firewallUrlRules.shopId, shopId))
    .orderBy(desc(firewallUrlRules.createdAt), desc(firewallUrlRules.id));
  return rows.map(toUrlEntry);
}

/** The URL Blocker's entries as an entry list: searched by pattern and note. */
export const urlEntryList: EntryList = {
  table: firewallUrlRules,
  id: firewallUrlRules.id,
  owner: (shopId) => eq(firewallUrlRules.shopId, shopId),
  search: (text) =>
    or(containsText(firewallUrlRules.pattern, text), containsText(firewallUrlRules.note, text)),
};
