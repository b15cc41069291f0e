// The Bot Blocker's rows in the database, and its engine rules. A category row holds the mode
// the merchant chose for it (a category without a row is off); a pattern row holds one custom
// pattern, in the order added. The engine applies the categories first, in their fixed order,
// then the patterns: one rule per row, so a decision names the category or the pattern, and
// each row counts its hits. Every change compiles the shop's rules as they would be before
// anything is written.
import {
  BOT_CATEGORIES,
  botCategoryInfo,
  botMessages as m,
  planIncludes,
  protectionMessages,
  type BotBlockerView,
  type BotCategory,
  type BotMode,
  type BotPatternEntry,
  type GoodBotMode,
} from '@gatehouse/contracts';
import { goodBots, knownAgents, MAX_BOT_PATTERNS, type Rule } from '@gatehouse/engine';
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../core/db/client.js';
import type { Shop } from '../../core/db/schema.js';
import { badRequest } from '../../core/errors.js';
import type { BlockerRegistry } from '../../protection/blocker-registry.js';
import {
  actionOf,
  blockerSettingsView,
  loadBlockerSettings,
  type BlockerSettings,
} from '../../protection/blocker-settings.js';
import { botRules, type BotRuleRow } from './bot-schema.js';
import { readAll } from '../../core/db/side-by-side.js';

export const BOT_BLOCKER = 'bot-blocker';

export type BotRuleState = Pick<BotRuleRow, 'id' | 'category' | 'pattern' | 'regex' | 'mode'>;

export interface BotState {
  /** The category rows, then the pattern rows in the order they were added. */
  rows: BotRuleState[];
  /** The action of every rule (its monitor flag is not used: each row has its mode). */
  settings: BlockerSettings;
  /**
   * The shop's plan includes the Bot Blocker. Without it the rules are kept (and still
   * validated) but do not apply, as after a downgrade.
   */
  enforced: boolean;
}

/** The columns of a row its engine rule and its label are made from. */
export const botRuleColumns = {
  id: botRules.id,
  category: botRules.category,
  pattern: botRules.pattern,
  regex: botRules.regex,
  mode: botRules.mode,
};

/** A good bot's row: its category is `good-bot:` and the bot's name. */
const GOOD_BOT_PREFIX = 'good-bot:';
export const goodBotCategory = (name: string) => `${GOOD_BOT_PREFIX}${name}`;
/** The good bot a row blocks by name, or null for a category's or a pattern's row. */
export const goodBotOf = (row: Pick<BotRuleState, 'category'>): string | null =>
  row.category?.startsWith(GOOD_BOT_PREFIX) ? row.category.slice(GOOD_BOT_PREFIX.length) : null;

/** Categories in their fixed order, then the good bots blocked by name, then the patterns. */
const categoryOrder = (row: BotRuleState) =>
  row.category === null
    ? BOT_CATEGORIES.length + 1
    : goodBotOf(row) !== null
      ? BOT_CATEGORIES.length
      : BOT_CATEGORIES.indexOf(row.category as never);

export async function loadBotState(db: Database, shop: Shop): Promise<BotState> {
  const [rows, settings] = await readAll(
    db,
    () =>
      db
        .select(botRuleColumns)
        .from(botRules)
        .where(eq(botRules.shopId, shop.id))
        .orderBy(asc(botRules.createdAt), asc(botRules.id)),
    () => loadBlockerSettings(db, shop.id, BOT_BLOCKER),
  );
  // Stable: patterns keep the order they were added in.
  rows.sort((a, b) => categoryOrder(a) - categoryOrder(b));
  return { rows, settings, enforced: planIncludes(shop.plan, 'botBlocker') };
}

/** The engine rule of a row; null for a category that is off. */
export function botRule(row: BotRuleState, state: Omit<BotState, 'rows'>): Rule | null {
  if (row.mode === 'off') return null;
  const goodBot = goodBotOf(row);
  return {
    id: row.id,
    kind: 'bot-agent',
    ...(goodBot !== null
      ? { goodBots: [goodBot] }
      : row.category !== null
        ? { categories: [row.category] }
        : { patterns: [{ value: row.pattern ?? '', regex: row.regex }] }),
    action: actionOf(state.settings),
    monitor: row.mode === 'monitor',
    ...(state.enforced ? {} : { enabled: false }),
  };
}

export const botEngineRules = (state: BotState): Rule[] =>
  state.rows.flatMap((row) => botRule(row, state) ?? []);

/**
 * The rules a save is checked with: the blocker's, and one that is off and only carries the
 * action, so the action is checked even when no category is on and no pattern is listed.
 */
export const botRulesToCheck = (state: BotState): Rule[] => [
  ...botEngineRules(state),
  { id: 'bot-blocker-action', kind: 'bot-agent', enabled: false, action: actionOf(state.settings) },
];

/** What makes two rows the same (see the table's `key`). */
export function botKey(row: { category: string | null; pattern: string | null; regex: boolean }) {
  const goodBot = goodBotOf(row);
  if (goodBot !== null) return `good:${goodBot.toLowerCase()}`;
  if (row.category !== null) return `category:${row.category}`;
  return row.regex ? `regex:${row.pattern}` : `text:${(row.pattern ?? '').toLowerCase()}`;
}

/** The name the visitor log gives a row's rule. */
export function botRuleLabel(row: Pick<BotRuleRow, 'category' | 'pattern' | 'regex'>): string {
  const goodBot = goodBotOf(row);
  if (goodBot !== null) return `Bot Blocker: ${goodBot}`;
  if (row.category !== null) {
    const info = botCategoryInfo[row.category as BotCategory];
    return `Bot Blocker: ${info?.name ?? row.category}`;
  }
  return row.regex ? `Bot Blocker: /${row.pattern}/` : `Bot Blocker: "${row.pattern}"`;
}

export function toBotPatternEntry(row: BotRuleRow): BotPatternEntry {
  return {
    id: row.id,
    pattern: row.pattern ?? '',
    regex: row.regex,
    mode: row.mode === 'monitor' ? 'monitor' : 'block',
    note: row.note,
    hits: row.hits,
    lastHitAt: row.lastHitAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The blocker as the merchant's calls show it. */
export async function botBlockerView(db: Database, shop: Shop): Promise<BotBlockerView> {
  const [rows, settings] = await readAll(
    db,
    () =>
      db
        .select()
        .from(botRules)
        .where(eq(botRules.shopId, shop.id))
        .orderBy(desc(botRules.createdAt), desc(botRules.id)),
    () => loadBlockerSettings(db, shop.id, BOT_BLOCKER),
  );
  const agents = knownAgents();
  return {
    action: blockerSettingsView(settings).action,
    categories: BOT_CATEGORIES.map((id) => {
      const row = rows.find((r) => r.category === id);
      return {
        id,
        ruleId: row?.id ?? null,
        mode: (row?.mode ?? 'off') as BotMode,
        hits: row?.hits ?? 0,
        lastHitAt: row?.lastHitAt?.toISOString() ?? null,
        agents: agents.filter((a) => a.group === id).map((a) => a.name),
      };
    }),
    goodBots: goodBots().map((bot) => {
      const row = rows.find((r) => goodBotOf(r) === bot.name);
      return {
        name: bot.name,
        owner: bot.owner,
        reference: bot.reference,
        why: bot.why,
        mode: row ? (row.mode as GoodBotMode) : 'allow',
        hits: row?.hits ?? 0,
        lastHitAt: row?.lastHitAt?.toISOString() ?? null,
      };
    }),
    patterns: rows.filter((r) => r.pattern !== null).map(toBotPatternEntry),
    limit: MAX_BOT_PATTERNS,
  };
}

/** Every category's stored mode (off without a row). */
export function categoryModes(state: BotState): Record<BotCategory, BotMode> {
  return Object.fromEntries(
    BOT_CATEGORIES.map((category) => [
      category,
      (state.rows.find((row) => row.category === category)?.mode ?? 'off') as BotMode,
    ]),
  ) as Record<BotCategory, BotMode>;
}

/** The modes a request gave, without the categories it left out. */
export const definedModes = (modes: Partial<Record<BotCategory, BotMode | undefined>>) =>
  Object.fromEntries(Object.entries(modes).filter(([, mode]) => mode !== undefined)) as Partial<
    Record<BotCategory, BotMode>
  >;

/** The state with every category in the given mode (new rows get placeholder ids). */
export function withCategoryModes(state: BotState, modes: Record<BotCategory, BotMode>): BotState {
  const patterns = state.rows.filter(
    (row) => !BOT_CATEGORIES.includes(row.category as BotCategory),
  );
  const categories = BOT_CATEGORIES.map((category): BotRuleState => {
    const row = state.rows.find((r) => r.category === category);
    return row
      ? { ...row, mode: modes[category] }
      : { id: `new-${category}`, category, pattern: null, regex: false, mode: modes[category] };
  });
  return { ...state, rows: [...categories, ...patterns] };
}

/** Stores every category's mode (one statement); rows are created the first time. */
export async function saveCategoryModes(
  db: Database | Parameters<Parameters<Database['transaction']>[0]>[0],
  shopId: string,
  modes: Record<BotCategory, BotMode>,
): Promise<void> {
  await db
    .insert(botRules)
    .values(
      BOT_CATEGORIES.map((category) => ({
        shopId,
        category,
        key: botKey({ category, pattern: null, regex: false }),
        mode: modes[category],
      })),
    )
    .onConflictDoUpdate({
      target: [botRules.shopId, botRules.key],
      set: { mode: sql`excluded.mode` },
    });
}

/**
 * Adds a pattern after the engine's check of the whole rule set; answers the new row, or null
 * when the same pattern is listed (also when another request just added it).
 */
export async function addBotPattern(
  blockers: BlockerRegistry,
  db: Database,
  shop: Shop,
  state: BotState,
  entry: { pattern: string; regex: boolean; mode: 'block' | 'monitor'; note: string },
): Promise<BotRuleRow | null> {
  const row = { category: null, pattern: entry.pattern, regex: entry.regex };
  const key = botKey(row);
  if (state.rows.some((r) => botKey(r) === key)) return null;
  if (state.rows.filter((r) => r.pattern !== null).length >= MAX_BOT_PATTERNS) {
    throw badRequest(m.cap);
  }
  await blockers.check(db, shop, {
    blocker: BOT_BLOCKER,
    rules: botEngineRules({
      ...state,
      rows: [...state.rows, { id: 'new-pattern', ...row, mode: entry.mode }],
    }),
  });
  const [added] = await db
    .insert(botRules)
    .values({ shopId: shop.id, ...row, key, mode: entry.mode, note: entry.note })
    .onConflictDoNothing({ target: [botRules.shopId, botRules.key] })
    .returning();
  return added ?? null;
}

/** Sets a pattern's mode after the engine's check; answers the row. */
export async function setBotPatternMode(
  blockers: BlockerRegistry,
  db: Database,
  shop: Shop,
  state: BotState,
  id: string,
  mode: 'block' | 'monitor',
): Promise<BotRuleRow> {
  if (!state.rows.some((r) => r.id === id && r.pattern !== null)) {
    throw badRequest(protectionMessages.entryId);
  }
  await blockers.check(db, shop, {
    blocker: BOT_BLOCKER,
    rules: botEngineRules({
      ...state,
      rows: state.rows.map((r) => (r.id === id ? { ...r, mode } : r)),
    }),
  });
  const [row] = await db
    .update(botRules)
    .set({ mode })
    .where(and(eq(botRules.shopId, shop.id), eq(botRules.id, id), isNotNull(botRules.pattern)))
    .returning();
  if (!row) throw badRequest(protectionMessages.entryId);
  return row;
}

/** Deletes patterns (never a category's row); answers how many. */
export async function deleteBotPatterns(
  db: Database,
  shopId: string,
  ids: string[],
): Promise<number> {
  const rows = await db
    .delete(botRules)
    .where(and(eq(botRules.shopId, shopId), inArray(botRules.id, ids), isNotNull(botRules.pattern)))
    .returning({ id: botRules.id });
  return rows.length;
}
