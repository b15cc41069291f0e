// Installing, re-scoping and uninstalling the app on a shop, with the webhooks the
// platform sends for each.
import { cancelOpenSubscriptions } from './billing/subscriptions.js';
import type { EmulatorContext } from './context.js';
import { removeShopMetafields } from './metafields/app-metafields.js';
import { issueTokens, tokenAccepted } from './oauth/offline-tokens.js';
import { removeShopScriptTags } from './script-tags/script-tags.js';
import type { InstallationRecord } from './state/types.js';
import { shopPayload } from './webhooks/payloads.js';

/** `write_x` includes `read_x`, as on Shopify. */
export function hasScope(granted: readonly string[], needed: string): boolean {
  if (granted.includes(needed)) return true;
  const match = /^(unauthenticated_)?read_(.+)$/.exec(needed);
  return match !== null && granted.includes(`${match[1] ?? ''}write_${match[2]}`);
}

export function hasAllScopes(granted: readonly string[], needed: readonly string[]): boolean {
  return needed.every((scope) => hasScope(granted, scope));
}

export function installationByToken(
  context: EmulatorContext,
  shop: string,
  token: string,
): InstallationRecord | null {
  const installation = context.store.state.installations[shop];
  return installation && tokenAccepted(context, installation, token) ? installation : null;
}

/**
 * Installs (or re-authorises) the app: a new offline token (an expiring pair when asked for)
 * replaces the old one, and ends any recovery of an earlier refresh or migration answer.
 */
export function installApp(
  context: EmulatorContext,
  shop: string,
  scopes: string[],
  expiring = false,
): InstallationRecord {
  const previous = context.store.state.installations[shop];
  const installation: InstallationRecord = {
    id: previous?.id ?? context.store.nextId(),
    shop,
    accessToken: '',
    scopes: [...new Set(scopes)],
    installedAt: previous?.installedAt ?? new Date().toISOString(),
    grants: previous?.grants ?? { authorizationCode: 0, refresh: 0, migration: 0 },
  };
  issueTokens(context, installation, expiring);
  context.store.state.installations[shop] = installation;
  context.store.save();
  return installation;
}

/**
 * A managed installation: the app's declared scopes, granted without an OAuth redirect. The
 * app holds no token until it exchanges a session token for one; an installed app keeps its
 * installation as it is.
 */
export function installManaged(context: EmulatorContext, shop: string): InstallationRecord {
  return (
    context.store.state.installations[shop] ??
    installApp(context, shop, context.app.configuration.scopes, true)
  );
}

/**
 * Cancels the shop's open billing subscriptions (each sends app_subscriptions/update
 * CANCELLED), sends app/uninstalled, then forgets the token, the app's webhook
 * subscriptions and its app-data metafields. Webhooks already queued are still delivered.
 */
export function uninstallApp(context: EmulatorContext, shop: string): boolean {
  const { state } = context.store;
  const shopRecord = state.shops[shop];
  if (!shopRecord || !state.installations[shop]) return false;
  cancelOpenSubscriptions(context, shop);
  context.dispatcher.trigger(shop, 'APP_UNINSTALLED', shopPayload(shopRecord));
  delete state.installations[shop];
  state.webhookSubscriptions = state.webhookSubscriptions.filter((s) => s.shop !== shop);
  removeShopMetafields(context, shop);
  removeShopScriptTags(context, shop);
  // The app's validations go with it, as its functions are no longer installed.
  state.validations = (state.validations ?? []).filter((v) => v.shop !== shop);
  for (const [code, grant] of Object.entries(state.authCodes)) {
    if (grant.shop === shop) delete state.authCodes[code];
  }
  context.store.save();
  return true;
}

/** Changes the granted scopes in place (the token stays valid) and sends app/scopes_update. */
export function setScopes(context: EmulatorContext, shop: string, scopes: string[]): boolean {
  const installation = context.store.state.installations[shop];
  const shopRecord = context.store.state.shops[shop];
  if (!installation || !shopRecord) return false;
  const previous = installation.scopes;
  installation.scopes = [...new Set(scopes)];
  context.store.save();
  context.dispatcher.trigger(shop, 'APP_SCOPES_UPDATE', {
    id: installation.id,
    shop_id: `gid://shopify/Shop/${shopRecord.id}`,
    previous,
    current: installation.scopes,
    updated_at: new Date().toISOString(),
  });
  return true;
}
