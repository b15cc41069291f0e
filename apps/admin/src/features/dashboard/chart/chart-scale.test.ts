import { describe, expect, it } from 'vitest';
import { bucketAt, countTicks, linearScale, niceStep, timeTicks } from './chart-scale.js';

describe('linearScale', () => {
  it('maps the domain onto the range, inverted ranges included', () => {
    const y = linearScale([0, 100], [200, 0]);
    expect(y(0)).toBe(200);
    expect(y(100)).toBe(0);
    expect(y(25)).toBe(150);
  });

  it('maps everything to the range start when the domain has no width', () => {
    expect(linearScale([5, 5], [10, 90])(5)).toBe(10);
  });
});

describe('niceStep', () => {
  it('rounds up to 1, 2 or 5 times a power of ten', () => {
    expect(niceStep(0.7)).toBe(1);
    expect(niceStep(1)).toBe(1);
    expect(niceStep(1.3)).toBe(2);
    expect(niceStep(3)).toBe(5);
    expect(niceStep(7)).toBe(10);
    expect(niceStep(230)).toBe(500);
    expect(niceStep(2000)).toBe(2000);
  });
});

describe('countTicks', () => {
  it('covers the largest value with evenly spaced round ticks from zero', () => {
    expect(countTicks(230, 4)).toEqual({ max: 300, ticks: [0, 100, 200, 300] });
    expect(countTicks(1000, 4)).toEqual({ max: 1000, ticks: [0, 500, 1000] });
  });

  it('never steps below one visit', () => {
    expect(countTicks(3, 4)).toEqual({ max: 3, ticks: [0, 1, 2, 3] });
  });

  it('draws an axis up to 1 when there were no visits', () => {
    expect(countTicks(0)).toEqual({ max: 1, ticks: [0, 1] });
  });
});

describe('timeTicks', () => {
  const start = new Date(2026, 10, 20, 9, 30).getTime();

  it('puts a 24-hour range on whole local hours a few hours apart', () => {
    const { unit, ticks } = timeTicks(start, start + 24 * 3_600_000, 6);
    expect(unit).toBe('hour');
    expect(ticks.length).toBeGreaterThan(1);
    expect(ticks.length).toBeLessThanOrEqual(6);
    for (const tick of ticks) {
      const at = new Date(tick);
      expect(at.getMinutes()).toBe(0);
      expect(at.getHours() % 6).toBe(0);
      expect(tick).toBeGreaterThanOrEqual(start);
    }
  });

  it('puts a 30-day range on local midnights at most six ticks', () => {
    const { unit, ticks } = timeTicks(start, start + 30 * 86_400_000, 6);
    expect(unit).toBe('day');
    expect(ticks.length).toBeLessThanOrEqual(6);
    expect(ticks.length).toBeGreaterThanOrEqual(4);
    for (const tick of ticks) expect(new Date(tick).getHours()).toBe(0);
  });

  it('gives no ticks for an empty range', () => {
    expect(timeTicks(start, start).ticks).toEqual([]);
  });
});

describe('bucketAt', () => {
  it('picks the nearest bucket and clamps to the ends', () => {
    expect(bucketAt(0, 100, 5)).toBe(0);
    expect(bucketAt(49, 100, 5)).toBe(2);
    expect(bucketAt(100, 100, 5)).toBe(4);
    expect(bucketAt(-10, 100, 5)).toBe(0);
    expect(bucketAt(500, 100, 5)).toBe(4);
    expect(bucketAt(30, 100, 1)).toBe(0);
  });
});
