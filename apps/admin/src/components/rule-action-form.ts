// The form behind RuleActionCard for a blocker whose settings are one action and monitor mode
// (the list blockers): the redirect address is kept while "Show the block page" is chosen, and
// checked as the contract checks it.
import { protectionMessages, type BlockAction } from '@gatehouse/contracts';
import type { RuleActionForm } from './rule-action-card.js';

/** A blocker's stored settings as its calls carry them. */
export interface BlockerActionSettings {
  action: BlockAction;
  monitor: boolean;
}

export function toForm(settings: BlockerActionSettings): RuleActionForm {
  return {
    actionType: settings.action.type,
    redirectUrl: settings.action.type === 'redirect' ? settings.action.url : '',
    monitor: settings.monitor,
  };
}

export function toSettings(form: RuleActionForm): BlockerActionSettings {
  return {
    action:
      form.actionType === 'redirect'
        ? { type: 'redirect', url: form.redirectUrl.trim() }
        : { type: 'block' },
    monitor: form.monitor,
  };
}

/** The contract's message when the redirect address is not a full http(s) URL. */
export function formError(form: RuleActionForm): string | undefined {
  if (form.actionType !== 'redirect') return undefined;
  try {
    const parsed = new URL(form.redirectUrl.trim());
    if ((parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname !== '')
      return undefined;
  } catch {
    // Not a URL at all.
  }
  return protectionMessages.redirectUrl;
}
