// The settings every blocker keeps in one shape (blocker_settings): the action a matched
// visitor gets, monitor mode and the scope. Read and written by the blockers themselves under
// their registry name; a shop without a row has the defaults (block page, not monitored).
import type { BlockAction } from '@gatehouse/contracts';
import { normalizeRedirectUrl, type Action } from '@gatehouse/engine';
import { and, eq, sql } from 'drizzle-orm';
import { blockerSettings, type BlockerSettingsRow } from './blocker-settings-schema.js';
import type { Database } from '../core/db/client.js';

export type BlockerSettings = Pick<BlockerSettingsRow, 'action' | 'redirectUrl' | 'monitor'>;

export const DEFAULT_BLOCKER_SETTINGS: Readonly<BlockerSettings> = Object.freeze({
  action: 'block',
  redirectUrl: null,
  monitor: false,
});

/** What the merchant's calls show and send for every blocker. */
export interface BlockerActionSettings {
  action: BlockAction;
  monitor: boolean;
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export async function loadBlockerSettings(
  db: Database | Tx,
  shopId: string,
  blocker: string,
): Promise<BlockerSettings> {
  const [row] = await db
    .select({
      action: blockerSettings.action,
      redirectUrl: blockerSettings.redirectUrl,
      monitor: blockerSettings.monitor,
    })
    .from(blockerSettings)
    .where(and(eq(blockerSettings.shopId, shopId), eq(blockerSettings.blocker, blocker)));
  return row ?? DEFAULT_BLOCKER_SETTINGS;
}

export async function saveBlockerSettings(
  db: Database | Tx,
  shopId: string,
  blocker: string,
  values: BlockerSettings,
): Promise<void> {
  await db
    .insert(blockerSettings)
    .values({ shopId, blocker, ...values })
    .onConflictDoUpdate({
      target: [blockerSettings.shopId, blockerSettings.blocker],
      set: { ...values, updatedAt: sql`now()` },
    });
}

/** The engine action of the settings: a redirect needs its URL, anything else blocks. */
export function actionOf(settings: BlockerSettings): Action {
  return settings.action === 'redirect' && settings.redirectUrl
    ? { type: 'redirect', url: settings.redirectUrl }
    : { type: 'block' };
}

/** The settings as the merchant's calls show them. */
export function blockerSettingsView(settings: BlockerSettings): BlockerActionSettings {
  return { action: actionOf(settings), monitor: settings.monitor };
}

/** The settings a save stores: a redirect URL in the engine's normal form. */
export function settingsFromInput(input: BlockerActionSettings): BlockerSettings {
  return {
    action: input.action.type,
    redirectUrl:
      input.action.type === 'redirect'
        ? (normalizeRedirectUrl(input.action.url) ?? input.action.url)
        : null,
    monitor: input.monitor,
  };
}
