// The shop's themes as the merchant manages them in the store admin: a theme added (installed
// from the theme store, with no app embed switched on yet) and a theme published, which makes
// it the live theme, unpublishes the one before and sends themes/publish.
import type { EmulatorContext } from './context.js';
import { newTheme } from './state/seed.js';
import type { ShopRecord, ThemeRecord } from './state/types.js';
import { themePayload } from './webhooks/payloads.js';

export function addTheme(context: EmulatorContext, shop: ShopRecord, name: string): ThemeRecord {
  const theme: ThemeRecord = {
    ...newTheme(context.store.nextId(), new Date().toISOString()),
    name,
    role: 'UNPUBLISHED',
  };
  shop.themes.push(theme);
  context.store.save();
  return theme;
}

export function publishTheme(context: EmulatorContext, shop: ShopRecord, theme: ThemeRecord): void {
  const now = new Date().toISOString();
  for (const other of shop.themes) {
    if (other !== theme && other.role === 'MAIN') {
      other.role = 'UNPUBLISHED';
      other.updatedAt = now;
    }
  }
  theme.role = 'MAIN';
  theme.updatedAt = now;
  context.store.save();
  context.dispatcher.trigger(shop.domain, 'THEMES_PUBLISH', themePayload(theme));
}
