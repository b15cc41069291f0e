// The rating prompt: snooze rules, destinations and the star animation timing.
import { describe, expect, it } from 'vitest';
import {
  ratingCheckAllowed,
  ratingDestination,
  snoozeUntilAfter,
  starFrameAt,
  starLightDelay,
  starSchedule,
} from './rating-rules.js';

const NOW = 1_700_000_000_000;

describe('rating snooze', () => {
  it('allows the check when nothing is stored', () => {
    expect(ratingCheckAllowed(null, NOW)).toBe(true);
  });
  it('allows the check once the snooze lies in the past', () => {
    expect(ratingCheckAllowed(NOW - 1, NOW)).toBe(true);
  });
  it('skips the check while snoozed', () => {
    expect(ratingCheckAllowed(NOW + 1, NOW)).toBe(false);
  });
  it('snoozes 24 hours after a rating', () => {
    expect(snoozeUntilAfter('rated', NOW)).toBe(NOW + 86_400_000);
  });
  it('snoozes 10 hours after "Not this time"', () => {
    expect(snoozeUntilAfter('notThisTime', NOW)).toBe(NOW + 36_000_000);
  });
});

describe('rating destination', () => {
  it('sends five stars to the marketplace review form', () => {
    expect(ratingDestination(5, 'shop-1')).toBe(
      'https://apps.shopify.com/gatehouse#modal-show=ReviewListingModal',
    );
  });
  it.each([1, 2, 3, 4])('sends %i stars to the feedback page with shop and rating', (n) => {
    expect(ratingDestination(n, 'a1b2')).toBe(`/feedback.html?shopId=a1b2&rating=${n}`);
  });
});

describe('star animation', () => {
  it('lights star n at 2000 ms + 100 ms × n and glows at 3000 ms', () => {
    expect([1, 2, 3, 4, 5].map(starLightDelay)).toEqual([2100, 2200, 2300, 2400, 2500]);
    expect(starSchedule()).toEqual([2100, 2200, 2300, 2400, 2500, 3000]);
  });
  it.each([
    [0, 0, false],
    [2099, 0, false],
    [2100, 1, false],
    [2350, 3, false],
    [2500, 5, false],
    [2999, 5, false],
    [3000, 5, true],
  ])('at %i ms %i stars are lit, glowing %s', (elapsed, lit, glowing) => {
    expect(starFrameAt(elapsed)).toEqual({ lit, glowing });
  });
});
