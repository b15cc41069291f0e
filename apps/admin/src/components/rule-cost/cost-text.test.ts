import type { RuleCostResult } from '@gatehouse/contracts';
import { describe, expect, it } from 'vitest';
import { costText } from './cost-text.js';

const none = { visits: 0, visitors: 0 };
const base: RuleCostResult = {
  from: '2030-01-01T00:00:00.000Z',
  to: '2030-01-08T00:00:00.000Z',
  replayed: 1234,
  bounded: null,
  blocked: none,
  released: none,
  total: none,
  monitored: none,
  examples: [],
  logFilters: { range: '7d' },
  confirm: [],
};

describe('costText', () => {
  it('leads with what the change would block, then what it would let in', () => {
    const text = costText({
      ...base,
      blocked: { visits: 1200, visitors: 1 },
      released: { visits: 3, visitors: 2 },
    });
    expect(text.headline).toBe('Would have blocked 1,200 visits (1 visitor) in the last 7 days.');
    expect(text.details).toEqual([
      'It would also have let in 3 visits (2 visitors) that were blocked.',
    ]);
  });

  it('says what is let in when nothing more is blocked', () => {
    expect(costText({ ...base, released: { visits: 1, visitors: 1 } }).headline).toBe(
      'Would have let in 1 visit (1 visitor) in the last 7 days that were blocked.',
    );
  });

  it('says when nothing changes, and what the rules block as they are', () => {
    const text = costText({ ...base, total: { visits: 40, visitors: 4 } });
    expect(text.headline).toBe(
      'Would not have changed what happened to any of the 1,234 visits of the last 7 days.',
    );
    expect(text.details).toEqual(['As they are, these rules blocked 40 visits (4 visitors).']);
  });

  it('names monitor mode and a replay that stopped short', () => {
    const text = costText({
      ...base,
      bounded: 'visits',
      from: '2030-01-05T12:00:00.000Z',
      monitored: { visits: 2, visitors: 1 },
    });
    expect(text.details).toEqual([
      'Monitor mode: 2 visits (1 visitor) would be recorded as “would block” and let in.',
      'Only the newest 1,234 visits were replayed, back to Jan 5.',
    ]);
    expect(costText({ ...base, bounded: 'time' }).details[0]).toContain(
      'could be replayed in time',
    );
  });
});
