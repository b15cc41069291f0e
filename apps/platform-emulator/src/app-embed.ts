// The app embed's on/off state in a shop's published theme, read from and written to
// `config/settings_data.json` exactly where Shopify keeps it.
import { randomBytes } from 'node:crypto';
import type { EmulatorContext } from './context.js';
import { blockType, embedBlocks, type ThemeBlock } from './extension/theme-extension.js';
import {
  SETTINGS_DATA_KEY,
  parseSettingsData,
  readEmbed,
  serializeSettingsData,
  writeEmbed,
  type EmbedState,
} from './state/settings-data.js';
import type { ShopRecord, ThemeRecord } from './state/types.js';
import { themePayload } from './webhooks/payloads.js';

export function mainTheme(shop: ShopRecord): ThemeRecord | undefined {
  return shop.themes.find((theme) => theme.role === 'MAIN');
}

export interface EmbedStatus extends EmbedState {
  block: ThemeBlock;
  type: string;
}

/** Every app embed block of the extension with its state in the shop's published theme. */
export function readAppEmbeds(context: EmulatorContext, shop: ShopRecord): EmbedStatus[] {
  const extension = context.extension();
  const theme = mainTheme(shop);
  const data = parseSettingsData(theme?.files[SETTINGS_DATA_KEY] ?? '{"current":{}}');
  return embedBlocks(extension).map((block) => {
    const type = blockType(context.app.handle, extension, block);
    return { ...readEmbed(data, type), block, type };
  });
}

/** Shopify's block ids are large random decimal numbers. */
function newBlockId(): string {
  return BigInt(`0x${randomBytes(8).toString('hex')}`).toString();
}

/**
 * What the theme editor's Save does for one embed: writes settings_data and, when it
 * changed, sends themes/update. Returns false for an unknown block handle.
 */
export function saveAppEmbed(
  context: EmulatorContext,
  shop: ShopRecord,
  handle: string,
  enabled: boolean,
): boolean {
  const extension = context.extension();
  const block = embedBlocks(extension).find((candidate) => candidate.handle === handle);
  const theme = mainTheme(shop);
  if (!block || !theme) return false;
  const data = parseSettingsData(theme.files[SETTINGS_DATA_KEY] ?? '{"current":{}}');
  const changed = writeEmbed(
    data,
    blockType(context.app.handle, extension, block),
    enabled,
    newBlockId,
  );
  if (changed) {
    theme.files[SETTINGS_DATA_KEY] = serializeSettingsData(data);
    theme.updatedAt = new Date().toISOString();
    context.store.save();
    context.dispatcher.trigger(shop.domain, 'THEMES_UPDATE', themePayload(theme));
  }
  return true;
}
