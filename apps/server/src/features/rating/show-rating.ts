// When the admin may ask a merchant for a review.
export const RATING_MIN_INSTALLED_MS = 3 * 24 * 60 * 60 * 1000;
export const RATING_QUIET_MS = 24 * 60 * 60 * 1000;

export interface RatingFacts {
  now: Date;
  installedAt: Date;
  uninstalledAt: Date | null;
  isReviewLeft: boolean;
  /** Support looking through the merchant's eyes must never be asked for a review. */
  impersonated: boolean;
  /** Visits Gatehouse ever blocked for the shop (all blockers, page views excluded). */
  blockedVisits: number;
  /** Latest prompt_shown, rated or dismissed event, if any. */
  lastRatingEventAt: Date | null;
}

/**
 * The rating popup is shown only to a merchant who has had the app for at least 3 days, still
 * has it installed, has not left a review, is not being impersonated, has seen Gatehouse block
 * at least one visit, and was not prompted (nor rated or dismissed) in the last 24 hours.
 */
export function shouldShowRating(facts: RatingFacts): boolean {
  const now = facts.now.getTime();
  if (facts.uninstalledAt !== null) return false;
  if (facts.isReviewLeft || facts.impersonated) return false;
  if (now - facts.installedAt.getTime() < RATING_MIN_INSTALLED_MS) return false;
  if (facts.blockedVisits <= 0) return false;
  if (facts.lastRatingEventAt && now - facts.lastRatingEventAt.getTime() < RATING_QUIET_MS) {
    return false;
  }
  return true;
}
