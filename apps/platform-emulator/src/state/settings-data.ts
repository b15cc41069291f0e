// Reading and writing a theme's `config/settings_data.json` the way Shopify stores it: a
// `/* … */` comment first, then JSON whose `current.blocks` holds app embed entries.

export const SETTINGS_DATA_KEY = 'config/settings_data.json';

const HEADER = `/*
 * ------------------------------------------------------------
 * IMPORTANT: The contents of this file are auto-generated.
 *
 * This file may be updated by the Shopify admin theme editor
 * or related systems. Please exercise caution as any changes
 * made to this file may be overwritten.
 * ------------------------------------------------------------
 */
`;

export interface EmbedBlockEntry {
  type: string;
  disabled?: boolean;
  settings: Record<string, unknown>;
}

export interface SettingsData {
  current: Record<string, unknown> & { blocks?: Record<string, EmbedBlockEntry> };
  presets?: Record<string, unknown>;
}

export function parseSettingsData(text: string): SettingsData {
  const json = text.replace(/^\s*\/\*[\s\S]*?\*\/\s*/, '');
  return JSON.parse(json) as SettingsData;
}

export function serializeSettingsData(data: SettingsData): string {
  return `${HEADER}${JSON.stringify(data, null, 2)}\n`;
}

/** A fresh Dawn-like settings file: customised once, no app embeds yet. */
export function initialSettingsData(): string {
  return serializeSettingsData({
    current: {
      logo_width: 90,
      type_header_font: 'assistant_n4',
      type_body_font: 'assistant_n4',
      page_width: 1200,
      cart_type: 'notification',
      show_vendor: false,
      predictive_search_enabled: true,
      currency_code_enabled: true,
      sections: {
        header: { type: 'header', settings: { logo_position: 'middle-left', menu: 'main-menu' } },
        footer: { type: 'footer', settings: { newsletter_enable: true } },
      },
      content_for_index: [],
    },
    presets: { Default: { logo_width: 90, page_width: 1200 } },
  });
}

export interface EmbedState {
  enabled: boolean;
  blockId: string | null;
  settings: Record<string, unknown>;
}

/** The embed entry whose `type` is `blockType`; enabled = present and `disabled !== true`. */
export function readEmbed(data: SettingsData, blockType: string): EmbedState {
  for (const [blockId, entry] of Object.entries(data.current.blocks ?? {})) {
    if (entry.type === blockType) {
      return { enabled: entry.disabled !== true, blockId, settings: entry.settings ?? {} };
    }
  }
  return { enabled: false, blockId: null, settings: {} };
}

/**
 * Sets the embed on or off as the theme editor's Save does: the first time adds an entry
 * under a new numeric id, afterwards only flips `disabled`. Returns whether anything changed.
 */
export function writeEmbed(
  data: SettingsData,
  blockType: string,
  enabled: boolean,
  newBlockId: () => string,
): boolean {
  const current = readEmbed(data, blockType);
  if (current.blockId === null) {
    if (!enabled) return false;
    data.current.blocks = {
      ...(data.current.blocks ?? {}),
      [newBlockId()]: { type: blockType, disabled: false, settings: {} },
    };
    return true;
  }
  const entry = data.current.blocks?.[current.blockId];
  if (!entry || current.enabled === enabled) return false;
  entry.disabled = !enabled;
  return true;
}
