import { describe, expect, it } from 'vitest';
import { protectionMessages } from '@gatehouse/contracts';
import { countryBlockerFormSchema, fieldOf, toForm, toSettings } from './country-blocker-form.js';

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

  it('accepts only full http(s) redirect addresses, with the save call’s messages at the field', () => {
    const form = toForm({
      mode: 'blacklist',
      countries: [],
      action: { type: 'block' },
      monitor: false,
    });
    const urlError = (redirectUrl: string) => {
      const parsed = countryBlockerFormSchema.safeParse({
        ...form,
        actionType: 'redirect',
        redirectUrl,
      });
      return parsed.success ? undefined : parsed.error.issues.map((i) => [i.path, i.message]);
    };
    expect(urlError('https://example.com/x')).toBeUndefined();
    expect(urlError(' http://example.com ')).toBeUndefined();
    expect(urlError('example.com')).toEqual([
      [
        ['redirectUrl'],
        '"example.com" is not a valid redirect URL (use a full http:// or https:// address)',
      ],
    ]);
    expect(urlError('javascript:alert(1)')).toHaveLength(1);
    expect(urlError('')).toEqual([[['redirectUrl'], protectionMessages.redirectUrl]]);
  });

  it('places the server’s problems of its one rule at their fields', () => {
    expect(fieldOf(['rules', 3, 'action', 'url'])).toBe('redirectUrl');
    expect(fieldOf(['rules', 0, 'countries', 1])).toBe('countries');
    expect(fieldOf(['action', 'url'])).toBe('redirectUrl');
    expect(fieldOf(['mode'])).toBe('mode');
    expect(fieldOf([])).toBeNull();
  });
});
