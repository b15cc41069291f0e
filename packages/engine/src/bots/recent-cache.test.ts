import { describe, expect, it } from 'vitest';
import { RecentCache } from './recent-cache.js';

describe('the recent cache', () => {
  it('never holds more than its size', () => {
    const cache = new RecentCache<number>(10);
    for (let i = 0; i < 1000; i++) cache.set(`k${i}`, i);
    expect(cache.size).toBeLessThanOrEqual(10);
    expect(cache.get('k999')).toBe(999);
    expect(cache.get('k0')).toBeUndefined();
  });

  it('keeps an entry that is used while others come and go', () => {
    const cache = new RecentCache<number>(10);
    cache.set('kept', 1);
    for (let i = 0; i < 1000; i++) {
      cache.set(`k${i}`, i);
      if (i % 4 === 0) expect(cache.get('kept')).toBe(1);
    }
    expect(cache.size).toBeLessThanOrEqual(10);
  });

  it('answers the latest value set for a key', () => {
    const cache = new RecentCache<string>(4);
    cache.set('a', 'one');
    cache.set('b', 'x');
    cache.set('c', 'x');
    cache.set('a', 'two');
    expect(cache.get('a')).toBe('two');
  });
});
