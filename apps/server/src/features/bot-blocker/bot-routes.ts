// Bot Blocker (/botBlocker): the action and every category's mode (save), a listed category's
// agents with their visits this week (agents), and the custom
// user-agent patterns (add, change a pattern's mode, delete). A paid feature: every call
// names `botBlocker` in the contracts and answers 403 on a plan without it. Each change is
// checked by compiling the shop's rules as they would be, and rebuilds the shop's policy
// before the answer, so the next storefront decision applies it.
import { api, botMessages as m, readBotPattern } from '@gatehouse/contracts';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../core/errors.js';
import { route } from '../../core/http/route.js';
import { shopById } from '../../protection/blocker-registry.js';
import { saveBlockerSettings } from '../../protection/blocker-settings.js';
import {
  addBotPattern,
  BOT_BLOCKER,
  botBlockerView,
  botRulesToCheck,
  deleteBotPatterns,
  loadBotState,
  saveCategoryModes,
  setBotPatternMode,
  toBotPatternEntry,
} from './bot-rules.js';
import { botAgentsPage } from './agents-seen.js';
import { botSave } from './bot-save.js';
import { saveGoodBotModes } from './good-bots.js';
import { robotsRoutes } from './robots-routes.js';

export async function botRoutes(app: FastifyInstance): Promise<void> {
  const mutates = { mutates: true };
  await robotsRoutes(app);

  route(app, api.getBotBlocker, async (_input, { session }) =>
    botBlockerView(app.db, await shopById(app.db, session.shopId)),
  );

  route(app, api.getBotAgents, async ({ category, page }, { session }) =>
    botAgentsPage(app.db, session.shopId, category, page),
  );

  route(
    app,
    api.saveBotBlocker,
    async (input, { session }) => {
      const shop = await shopById(app.db, session.shopId);
      // Monitor mode is each category's and each pattern's own, not the blocker's.
      const { settings, modes, goodBotChanges, state } = await botSave(app.db, shop, input);
      await app.blockers.check(app.db, shop, {
        blocker: BOT_BLOCKER,
        rules: botRulesToCheck(state),
      });
      await app.db.transaction(async (tx) => {
        await saveBlockerSettings(tx, shop.id, BOT_BLOCKER, settings);
        await saveCategoryModes(tx, shop.id, modes);
        await saveGoodBotModes(tx, shop.id, goodBotChanges);
      });
      await app.protection.changed(shop.id);
      return botBlockerView(app.db, shop);
    },
    mutates,
  );

  route(
    app,
    api.addBotBlocker,
    async (input, { session }) => {
      const read = readBotPattern(input.pattern, input.regex);
      if ('error' in read) throw badRequest(read.error);
      const shop = await shopById(app.db, session.shopId);
      const state = await loadBotState(app.db, shop);
      const row = await addBotPattern(app.blockers, app.db, shop, state, {
        pattern: read.value,
        regex: input.regex,
        mode: input.mode,
        note: input.note,
      });
      if (row === null) throw badRequest(m.duplicate);
      await app.protection.changed(shop.id);
      return toBotPatternEntry(row);
    },
    mutates,
  );

  route(
    app,
    api.updateBotBlocker,
    async ({ id, mode }, { session }) => {
      const shop = await shopById(app.db, session.shopId);
      const state = await loadBotState(app.db, shop);
      const row = await setBotPatternMode(app.blockers, app.db, shop, state, id, mode);
      await app.protection.changed(shop.id);
      return toBotPatternEntry(row);
    },
    mutates,
  );

  route(
    app,
    api.deleteBotBlocker,
    async ({ ids }, { session }) => {
      const deleted = await deleteBotPatterns(app.db, session.shopId, ids);
      if (deleted > 0) await app.protection.changed(session.shopId);
      return { deleted };
    },
    mutates,
  );
}
