// The dashboard's cards: one per count the server keeps.
import { dashboardCounters, type DashboardData } from '@gatehouse/contracts';
import { describe, expect, it } from 'vitest';
import { statsOf } from './stat-cards.js';

describe('statsOf', () => {
  it('shows a card for every count the server keeps, so no blocked visit goes uncounted', () => {
    expect(
      statsOf(undefined)
        .map((s) => s.key)
        .sort(),
    ).toEqual([...dashboardCounters].sort());
  });

  it('shows the Referrer Blocker count as page views blocked', () => {
    const data = { ...Object.fromEntries(dashboardCounters.map((n) => [n, 0])), usage: 0 };
    const stats = statsOf({ ...data, referrerBlocker: 7 } as DashboardData);
    expect(stats.find((s) => s.title === 'Referrer Blocker')).toMatchObject({
      count: 7,
      caption: 'Page views blocked',
    });
  });
});
