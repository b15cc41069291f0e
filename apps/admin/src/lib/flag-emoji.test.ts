import { describe, expect, it } from 'vitest';
import { flagEmoji } from './flag-emoji.js';

describe('flagEmoji', () => {
  it('turns an ISO code into its two regional-indicator symbols', () => {
    expect(flagEmoji('US')).toBe('🇺🇸');
    expect(flagEmoji('DE')).toBe('🇩🇪');
    expect(flagEmoji('CN')).toBe('\u{1F1E8}\u{1F1F3}');
  });

  it('accepts lower case codes', () => {
    expect(flagEmoji('jp')).toBe('🇯🇵');
  });

  it('gives nothing for something that is not a two-letter code', () => {
    expect(flagEmoji('')).toBe('');
    expect(flagEmoji('USA')).toBe('');
    expect(flagEmoji('1A')).toBe('');
  });
});
