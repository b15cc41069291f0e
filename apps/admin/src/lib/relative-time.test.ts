// Relative times in English.
import { describe, expect, it } from 'vitest';
import { lastHitText, relativeTime } from './relative-time.js';

const NOW = new Date('2025-06-15T12:00:00Z').getTime();
const s = 1000;
const min = 60 * s;
const h = 60 * min;
const d = 24 * h;

describe('relativeTime', () => {
  it.each([
    [NOW - 3 * d, '3 days ago'],
    [NOW + 2 * h, 'in 2 hours'],
    [NOW - 10 * s, 'just now'],
    [NOW + 10 * s, 'just now'],
    [NOW - 1 * d, 'yesterday'],
    [NOW + 1 * d, 'tomorrow'],
    [NOW - 50 * s, '1 minute ago'],
    [NOW - 5 * min, '5 minutes ago'],
    [NOW - 1 * h, '1 hour ago'],
    [NOW - 14 * d, '2 weeks ago'],
    [NOW - 60 * d, '2 months ago'],
    [NOW - 400 * d, 'last year'],
  ])('%i reads %j', (time, text) => {
    expect(relativeTime(time, NOW)).toBe(text);
  });

  it('accepts ISO strings', () => {
    expect(relativeTime('2025-06-12T12:00:00Z', NOW)).toBe('3 days ago');
  });

  it('returns nothing for an unreadable time', () => {
    expect(relativeTime('not a date', NOW)).toBe('');
  });
});

describe('lastHitText', () => {
  it('shows the last hit relative to now, or Never', () => {
    const now = Date.parse('2030-06-04T00:00:00Z');
    expect(lastHitText(null, now)).toBe('Never');
    expect(lastHitText('2030-06-01T00:00:00Z', now)).toBe('3 days ago');
  });
});
