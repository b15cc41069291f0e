import { describe, expect, it } from 'vitest';
import { shouldShowRating, type RatingFacts } from './show-rating.js';

const now = new Date('2026-03-10T12:00:00Z');
const day = 24 * 60 * 60 * 1000;
const eligible: RatingFacts = {
  now,
  installedAt: new Date(now.getTime() - 3 * day),
  uninstalledAt: null,
  isReviewLeft: false,
  impersonated: false,
  blockedVisits: 1,
  lastRatingEventAt: null,
};

describe('shouldShowRating', () => {
  it('asks a merchant installed 3 days with a blocked visit and no recent prompt', () => {
    expect(shouldShowRating(eligible)).toBe(true);
  });

  it('waits until the app has been installed for 3 days', () => {
    expect(
      shouldShowRating({ ...eligible, installedAt: new Date(now.getTime() - 3 * day + 1000) }),
    ).toBe(false);
  });

  it('never asks an uninstalled shop, a shop that reviewed, or an impersonating support agent', () => {
    expect(shouldShowRating({ ...eligible, uninstalledAt: now })).toBe(false);
    expect(shouldShowRating({ ...eligible, isReviewLeft: true })).toBe(false);
    expect(shouldShowRating({ ...eligible, impersonated: true })).toBe(false);
  });

  it('waits for the first blocked visit', () => {
    expect(shouldShowRating({ ...eligible, blockedVisits: 0 })).toBe(false);
  });

  it('stays quiet for 24 hours after a prompt, rating or dismissal', () => {
    expect(
      shouldShowRating({ ...eligible, lastRatingEventAt: new Date(now.getTime() - day + 1000) }),
    ).toBe(false);
    expect(
      shouldShowRating({ ...eligible, lastRatingEventAt: new Date(now.getTime() - day) }),
    ).toBe(true);
  });
});
