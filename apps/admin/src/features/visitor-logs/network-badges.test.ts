import { describe, expect, it } from 'vitest';
import { networkBadges } from './network-badges.js';

describe('networkBadges', () => {
  it('shows nothing for a visit with no network fact', () => {
    expect(networkBadges({ network: [], botCategory: null, crawler: null })).toEqual([]);
  });

  it('names each network kind, then the crawler verdict and the bot category', () => {
    expect(
      networkBadges({ network: ['hosting', 'tor'], botCategory: 'scripts', crawler: null }),
    ).toEqual([
      { label: 'Hosting', tone: 'attention' },
      { label: 'Tor', tone: 'critical' },
      { label: 'Script', tone: 'warning' },
    ]);
    expect(networkBadges({ network: ['hosting'], botCategory: null, crawler: 'verified' })).toEqual(
      [
        { label: 'Hosting', tone: 'attention' },
        { label: 'Verified crawler', tone: 'success' },
      ],
    );
  });

  it('names a fake crawler once', () => {
    expect(networkBadges({ network: [], botCategory: 'fake-crawlers', crawler: 'fake' })).toEqual([
      { label: 'Fake crawler', tone: 'critical' },
    ]);
  });
});
