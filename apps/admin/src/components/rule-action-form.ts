// The form behind RuleActionCard for a blocker whose settings are one action and monitor mode
// (the list blockers): the redirect address is kept while "Show the block page" is chosen, and
// checked by the save call's own schema, its problems (found here or by the server) at the
// redirect address.
import type { ZodType } from 'zod';
import type { BlockAction } from '@gatehouse/contracts';
import type { IssuePath } from '../lib/place-issues.js';
import { requestFormSchema } from '../lib/request-form-schema.js';
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

/** The form's field a problem of the save call is about: the action's is the redirect address. */
export function actionFieldOf(path: IssuePath): string | null {
  return path[0] === 'action' ? 'redirectUrl' : null;
}

/** The form checked by the save call's own request schema (`request`). */
export const actionFormSchema = (request: ZodType) =>
  requestFormSchema(toSettings, request, actionFieldOf);
