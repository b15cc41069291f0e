// The Bot Blocker page's form: the action (as every blocker's) and the mode of each category,
// saved together and checked by the save call's own schema; the add field read as the contract
// reads it; the patterns table's filter.
import {
  BOT_CATEGORIES,
  botBlockerSettings,
  maxBotPatterns,
  readBotPattern,
  type BotBlockerSettings,
  type BotBlockerView,
  type BotCategory,
  type BotMode,
  type BotPatternEntry,
  type GoodBotMode,
} from '@gatehouse/contracts';
import type { RuleActionForm } from '../../components/rule-action-card.js';
import { toForm, toSettings } from '../../components/rule-action-form.js';
import type { IssuePath } from '../../lib/place-issues.js';
import { requestFormSchema } from '../../lib/request-form-schema.js';

/** What the page shows before the first answer, and after a failed load. */
export const EMPTY_BOT_BLOCKER: BotBlockerView = {
  action: { type: 'block' },
  categories: BOT_CATEGORIES.map((id) => ({
    id,
    ruleId: null,
    mode: 'off',
    hits: 0,
    lastHitAt: null,
    agents: [],
  })),
  goodBots: [],
  patterns: [],
  limit: maxBotPatterns,
};

export interface BotForm extends RuleActionForm {
  categories: Record<BotCategory, BotMode>;
  /** Every good bot's mode, by name. */
  goodBots: Record<string, GoodBotMode>;
}

export function toBotForm(
  view: Pick<BotBlockerView, 'action' | 'categories' | 'goodBots'>,
): BotForm {
  return {
    ...toForm({ action: view.action, monitor: false }),
    categories: Object.fromEntries(view.categories.map((c) => [c.id, c.mode])) as Record<
      BotCategory,
      BotMode
    >,
    goodBots: Object.fromEntries(view.goodBots.map((g) => [g.name, g.mode])),
  };
}

export function toBotSettings(form: BotForm): BotBlockerSettings {
  return {
    action: toSettings(form).action,
    categories: form.categories,
    goodBots: form.goodBots,
  };
}

/**
 * The field a problem of the save call is about: the redirect address for the action; null for
 * the modes, which are chosen from their lists, and shown above the form.
 */
export const fieldOf = ([first]: IssuePath): 'redirectUrl' | null =>
  first === 'action' ? 'redirectUrl' : null;

/** The form checked by the save call's own schema. */
export const botFormSchema = requestFormSchema(toBotSettings, botBlockerSettings, fieldOf);

/** True when the form can be sent as it is (what the cost card replays). */
export const sendable = (form: BotForm) =>
  botBlockerSettings.safeParse(toBotSettings(form)).success;

/** The pattern typed in the add field, or the problem with it. */
export function readPatternField(
  text: string,
  regex: boolean,
): { pattern: string } | { error: string } {
  const read = readBotPattern(text, regex);
  return 'error' in read ? read : { pattern: read.value };
}

/** Patterns whose text or note contains the filter text (case-insensitive). */
export function filterPatterns(patterns: BotPatternEntry[], filter: string): BotPatternEntry[] {
  const needle = filter.trim().toLowerCase();
  if (needle === '') return patterns;
  return patterns.filter(
    (p) => p.pattern.toLowerCase().includes(needle) || p.note.toLowerCase().includes(needle),
  );
}

/** "GPTBot, ClaudeBot, CCBot and 20 more": the first few agents of a category. */
export function agentsSummary(agents: readonly string[], shown = 6): string {
  if (agents.length <= shown) return agents.join(', ');
  return `${agents.slice(0, shown).join(', ')} and ${agents.length - shown} more`;
}
