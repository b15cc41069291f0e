// The state the emulator starts from: one seeded shop, and how any other shop is created
// when a merchant first reaches it.
import { ownerNameFromDomain, shopHandle, shopNameFromDomain } from '../shop-domain.js';
import { SETTINGS_DATA_KEY, initialSettingsData } from './settings-data.js';
import type { EmulatorState, ShopRecord, ThemeRecord } from './types.js';

export const SEEDED_SHOP = 'demo.myshopify.com';

export function newTheme(id: number, now: string): ThemeRecord {
  return {
    id,
    name: 'Dawn',
    role: 'MAIN',
    createdAt: now,
    updatedAt: now,
    files: { [SETTINGS_DATA_KEY]: initialSettingsData() },
  };
}

export function newShop(
  domain: string,
  ids: { shopId: number; themeId: number },
  now: string,
  overrides: Partial<Pick<ShopRecord, 'name' | 'email' | 'contactEmail' | 'shopOwner'>> = {},
): ShopRecord {
  const name = overrides.name ?? shopNameFromDomain(domain);
  return {
    id: ids.shopId,
    domain,
    name,
    email: overrides.email ?? `owner@${shopHandle(domain)}.example`,
    contactEmail: overrides.contactEmail ?? `hello@${shopHandle(domain)}.example`,
    shopOwner: overrides.shopOwner ?? ownerNameFromDomain(domain),
    currency: 'USD',
    timezone: 'America/New_York',
    countryCode: 'US',
    planDisplayName: 'Basic',
    createdAt: now,
    updatedAt: now,
    themes: [newTheme(ids.themeId, now)],
  };
}

export function seedState(now = new Date().toISOString()): EmulatorState {
  const demo = newShop(SEEDED_SHOP, { shopId: 548380009, themeId: 828155753 }, now, {
    name: 'Demo Store',
    email: 'owner@demo-store.example',
    contactEmail: 'hello@demo-store.example',
    shopOwner: 'Dana Whitfield',
  });
  return {
    version: 1,
    nextId: 1000,
    shops: { [SEEDED_SHOP]: demo },
    installations: {},
    authCodes: {},
    webhookSubscriptions: [],
    deliveries: [],
    appSubscriptions: [],
    appUsageRecords: [],
    appMetafields: [],
    scriptTags: [],
    orders: [],
    customers: [],
    inventory: {},
  };
}
