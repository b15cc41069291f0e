// The good bots (link previews, the platform's own apps) are let in unless the merchant blocks
// or monitors one by name: such a bot has a row of its own (its category `good-bot:<name>`),
// one engine rule that counts its visits; allowing it again removes the row. A save names only
// the bots whose mode changes.
import { botMessages as m, type GoodBotMode } from '@gatehouse/contracts';
import { goodBots } from '@gatehouse/engine';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../core/db/client.js';
import { badRequest } from '../../core/errors.js';
import { botKey, goodBotCategory, goodBotOf, type BotState } from './bot-rules.js';
import { botRules } from './bot-schema.js';

export type GoodBotChanges = Record<string, GoodBotMode>;

/** The changes, each bot checked to be one Gatehouse knows; 400 naming the first that is not. */
export function readGoodBotChanges(changes: GoodBotChanges | undefined): GoodBotChanges {
  const known = new Set(goodBots().map((bot) => bot.name));
  for (const name of Object.keys(changes ?? {})) {
    if (!known.has(name)) throw badRequest(m.unknownGoodBot(name));
  }
  return changes ?? {};
}

/** The state with the good bots' modes changed (new rows get placeholder ids). */
export function withGoodBotModes(state: BotState, changes: GoodBotChanges): BotState {
  const changed = (name: string | null) => name !== null && name in changes;
  const kept = state.rows.filter((row) => !changed(goodBotOf(row)));
  const set = Object.entries(changes).flatMap(([name, mode]) => {
    if (mode === 'allow') return [];
    const old = state.rows.find((row) => goodBotOf(row) === name);
    return [
      old
        ? { ...old, mode }
        : {
            id: `new-good-${name}`,
            category: goodBotCategory(name),
            pattern: null,
            regex: false,
            mode,
          },
    ];
  });
  return { ...state, rows: [...kept, ...set] };
}

/** Stores the changes: an allowed bot's row goes, a blocked or monitored one is written. */
export async function saveGoodBotModes(
  db: Database | Parameters<Parameters<Database['transaction']>[0]>[0],
  shopId: string,
  changes: GoodBotChanges,
): Promise<void> {
  const entries = Object.entries(changes);
  const allowed = entries.filter(([, mode]) => mode === 'allow').map(([name]) => name);
  const held = entries.filter(([, mode]) => mode !== 'allow');
  if (allowed.length > 0) {
    await db
      .delete(botRules)
      .where(
        and(eq(botRules.shopId, shopId), inArray(botRules.category, allowed.map(goodBotCategory))),
      );
  }
  if (held.length === 0) return;
  await db
    .insert(botRules)
    .values(
      held.map(([name, mode]) => {
        const category = goodBotCategory(name);
        return { shopId, category, key: botKey({ category, pattern: null, regex: false }), mode };
      }),
    )
    .onConflictDoUpdate({
      target: [botRules.shopId, botRules.key],
      set: { mode: sql`excluded.mode` },
    });
}
