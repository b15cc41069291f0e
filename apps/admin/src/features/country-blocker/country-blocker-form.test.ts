import { describe, expect, it } from 'vitest';
import { redirectUrlError, toForm, toSettings } from './country-blocker-form.js';

describe('the Country Blocker form', () => {
  it('round-trips saved settings', () => {
    const saved = {
      mode: 'whitelist' as const,
      countries: ['US', 'CA'],
      action: { type: 'redirect' as const, url: 'https://example.com/sorry' },
      monitor: true,
    };
    expect(toSettings(toForm(saved))).toEqual(saved);
  });

  it('keeps no redirect address when the block page is chosen', () => {
    const form = {
      ...toForm({ mode: 'blacklist', countries: [], action: { type: 'block' }, monitor: false }),
    };
    expect(toSettings({ ...form, redirectUrl: 'https://kept.example' }).action).toEqual({
      type: 'block',
    });
  });

  it('accepts only full http(s) redirect addresses', () => {
    expect(redirectUrlError('https://example.com/x')).toBeUndefined();
    expect(redirectUrlError(' http://example.com ')).toBeUndefined();
    expect(redirectUrlError('example.com')).toBe(
      'Enter a full redirect address starting with http:// or https://.',
    );
    expect(redirectUrlError('javascript:alert(1)')).toBeDefined();
    expect(redirectUrlError('')).toBeDefined();
  });
});
