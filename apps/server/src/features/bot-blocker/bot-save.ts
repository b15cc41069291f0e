// What a save of the Bot Blocker's settings makes of the shop's rows, read once for both the
// save and the rule-cost replay of its draft: the action, every category's mode (a category
// the client left out keeps its own) and the good bots whose mode changes.
import type { BotBlockerSettings } from '@gatehouse/contracts';
import type { Database } from '../../core/db/client.js';
import type { Shop } from '../../core/db/schema.js';
import { settingsFromInput } from '../../protection/blocker-settings.js';
import { categoryModes, definedModes, loadBotState, withCategoryModes } from './bot-rules.js';
import { readGoodBotChanges, withGoodBotModes } from './good-bots.js';

export async function botSave(db: Database, shop: Shop, input: BotBlockerSettings) {
  const settings = settingsFromInput({ action: input.action, monitor: false });
  const goodBotChanges = readGoodBotChanges(input.goodBots);
  const stored = await loadBotState(db, shop);
  const modes = { ...categoryModes(stored), ...definedModes(input.categories) };
  const state = withGoodBotModes(withCategoryModes({ ...stored, settings }, modes), goodBotChanges);
  return { settings, modes, goodBotChanges, state };
}
