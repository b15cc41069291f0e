// The Bot Blocker's rules after a draft of its save (action, categories' and good bots' modes) or of
// a custom pattern's add (read and refused as the add reads it), for the replay before saving.
import { readBotPattern } from '@gatehouse/contracts';
import { badRequest } from '../../core/errors.js';
import type { BlockerDrafts } from '../../protection/blocker.js';
import { botEngineRules, botKey, loadBotState } from './bot-rules.js';
import { botSave } from './bot-save.js';

export const botDrafts: BlockerDrafts = {
  saveBotBlocker: async (db, shop, input) => botEngineRules((await botSave(db, shop, input)).state),
  addBotBlocker: async (db, shop, input) => {
    const read = readBotPattern(input.pattern, input.regex);
    if ('error' in read) throw badRequest(read.error);
    const state = await loadBotState(db, shop);
    const row = { category: null, pattern: read.value, regex: input.regex, mode: input.mode };
    if (state.rows.some((r) => botKey(r) === botKey(row))) return botEngineRules(state);
    return botEngineRules({ ...state, rows: [...state.rows, { id: 'draft-entry', ...row }] });
  },
};
