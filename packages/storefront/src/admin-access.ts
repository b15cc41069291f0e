// Admin Access, storefront half: the admin opens the store with
// `?shopId=…&idya=true|false`; this browser asks the app to mark or unmark it as the merchant's
// device and keeps the signed device token the app returns, which every decision then carries.
import type { ADMIN_ACCESS_PATH, AdminAccessResponse } from '@gatehouse/contracts';
import type { Config } from './config.js';
import { fetchJson } from './fetch-json.js';
import { DEVICE_TOKEN_KEY, readItem, writeItem } from './storage.js';

const PATH: typeof ADMIN_ACCESS_PATH = '/api/storefront/adminAccess';

export interface AdminAccessChange {
  shopId: string;
  enabled: boolean;
}

/** The change asked for in the page's query, if any. */
export function readAdminAccessChange(): AdminAccessChange | null {
  const query = new URLSearchParams(location.search);
  const shopId = query.get('shopId');
  const idya = query.get('idya');
  return shopId && (idya == 'true' || idya == 'false') ? { shopId, enabled: idya == 'true' } : null;
}

/** Applies the change; returns whether the mode is now on, or null when the app refused or failed. */
export async function setAdminAccess(
  config: Config,
  change: AdminAccessChange,
  timeoutMs: number,
): Promise<boolean | null> {
  const answer = (await fetchJson(
    config.api + PATH,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        shop: config.shop,
        ...change,
        d: readItem('localStorage', DEVICE_TOKEN_KEY),
      }),
    },
    timeoutMs,
  )) as AdminAccessResponse | null;
  if (typeof answer?.isAdminAccessMode != 'boolean') return null;
  writeItem('localStorage', DEVICE_TOKEN_KEY, answer.deviceToken);
  return answer.isAdminAccessMode;
}
