import { describe, expect, it } from 'vitest';
import {
  initialSettingsData,
  parseSettingsData,
  readEmbed,
  serializeSettingsData,
  writeEmbed,
} from './settings-data.js';

const TYPE = 'shopify://apps/gatehouse/blocks/app-embed/uid';

describe('settings_data.json', () => {
  it('starts with a comment and still parses', () => {
    const text = initialSettingsData();
    expect(text.startsWith('/*')).toBe(true);
    expect(() => JSON.parse(text)).toThrow();
    expect(readEmbed(parseSettingsData(text), TYPE)).toEqual({
      enabled: false,
      blockId: null,
      settings: {},
    });
  });

  it('adds an entry once and then only flips disabled', () => {
    const data = parseSettingsData(initialSettingsData());
    expect(writeEmbed(data, TYPE, false, () => '1')).toBe(false);
    expect(writeEmbed(data, TYPE, true, () => '111')).toBe(true);
    expect(writeEmbed(data, TYPE, true, () => '222')).toBe(false);
    expect(writeEmbed(data, TYPE, false, () => '333')).toBe(true);
    const reread = parseSettingsData(serializeSettingsData(data));
    expect(reread.current.blocks).toEqual({ '111': { type: TYPE, disabled: true, settings: {} } });
    expect(readEmbed(reread, TYPE)).toMatchObject({ enabled: false, blockId: '111' });
  });
});
