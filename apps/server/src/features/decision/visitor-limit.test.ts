import { describe, expect, it } from 'vitest';
import { createVisitorLimiter } from './visitor-limit.js';

describe('the per-visitor limit', () => {
  it('allows max requests per window from the first one, then says when to retry', () => {
    const limiter = createVisitorLimiter(3, 60_000);
    const t = 1_000_000;
    expect([0, 1, 2].map((i) => limiter.hit('a', t + i))).toEqual([0, 0, 0]);
    expect(limiter.hit('a', t + 10)).toBe(60);
    expect(limiter.hit('a', t + 30_500)).toBe(30);
    expect(limiter.hit('a', t + 59_999)).toBe(1);
    // Another key has its own window.
    expect(limiter.hit('b', t + 10)).toBe(0);
    // The window is over: a new one starts.
    expect(limiter.hit('a', t + 60_000)).toBe(0);
    expect(limiter.hit('a', t + 60_001)).toBe(0);
    expect(limiter.hit('a', t + 60_002)).toBe(0);
    expect(limiter.hit('a', t + 60_003)).toBeGreaterThan(0);
  });

  it('remembers at most maxKeys keys: expired ones go first, then the oldest', () => {
    const limiter = createVisitorLimiter(1, 1000, 3);
    limiter.hit('a', 0);
    limiter.hit('b', 500);
    limiter.hit('c', 600);
    expect(limiter.size).toBe(3);
    // At 1200 'a' has expired: swept, and 'b', 'c' are still limited.
    expect(limiter.hit('d', 1200)).toBe(0);
    expect(limiter.size).toBe(3);
    expect(limiter.hit('b', 1201)).toBe(1);
    // Nothing expired and the last sweep was under a second ago: the oldest key ('b') goes.
    expect(limiter.hit('e', 1300)).toBe(0);
    expect(limiter.size).toBe(3);
    expect(limiter.hit('c', 1301)).toBe(1);
    expect(limiter.hit('b', 1302)).toBe(0);
  });
});
