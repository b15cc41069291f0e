// The stat captions and the Pay-as-you-go usage bar percentage.
import { describe, expect, it } from 'vitest';
import { fraudProtectCaption, usagePercent } from './dashboard-rules.js';

describe('Fraud Protect caption', () => {
  it.each([
    [0, 'Order cancelled'],
    [1, 'Order cancelled'],
    [2, 'Orders cancelled'],
    [40, 'Orders cancelled'],
  ])('%i → %j', (count, caption) => {
    expect(fraudProtectCaption(count)).toBe(caption);
  });
});

describe('Pay-as-you-go usage bar', () => {
  it.each([
    [0, 0],
    [1000, 25],
    [2000, 50],
    [4000, 100],
    [6000, 100],
    [-5, 0],
  ])('usage %i fills %i%%', (usage, percent) => {
    expect(usagePercent(usage)).toBe(percent);
  });
});
