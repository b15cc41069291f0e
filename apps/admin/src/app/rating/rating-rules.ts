// The rating prompt's rules: when the check may run, how long each answer snoozes it, where a
// rating goes, and the stars' animation schedule.
import {
  MARKETPLACE_REVIEW_URL,
  RATING_SNOOZE_AFTER_DISMISS_MS,
  RATING_SNOOZE_AFTER_RATING_MS,
  STAR_ANIMATION_START_MS,
  STAR_ANIMATION_STEP_MS,
  STAR_COUNT,
  STAR_GLOW_MS,
} from '../../lib/constants.js';

/** The check runs only when no snooze is stored or it lies in the past. */
export function ratingCheckAllowed(snoozeUntil: number | null, now: number): boolean {
  return snoozeUntil === null || snoozeUntil <= now;
}

export type RatingAnswer = 'rated' | 'notThisTime';

export function snoozeUntilAfter(answer: RatingAnswer, now: number): number {
  return (
    now + (answer === 'rated' ? RATING_SNOOZE_AFTER_RATING_MS : RATING_SNOOZE_AFTER_DISMISS_MS)
  );
}

/** Five stars go to the marketplace review; fewer to our own feedback page. */
export function ratingDestination(stars: number, shopId: string): string {
  if (stars >= STAR_COUNT) return MARKETPLACE_REVIEW_URL;
  const query = new URLSearchParams({ shopId, rating: String(stars) });
  return `/feedback.html?${query.toString()}`;
}

/** Milliseconds after the popup opens at which star n (1-based) lights up. */
export function starLightDelay(star: number): number {
  return STAR_ANIMATION_START_MS + STAR_ANIMATION_STEP_MS * star;
}

export interface StarFrame {
  /** How many stars are lit. */
  lit: number;
  glowing: boolean;
}

/** What the stars look like `elapsed` ms after the popup opened. */
export function starFrameAt(elapsed: number): StarFrame {
  let lit = 0;
  for (let star = 1; star <= STAR_COUNT; star++) if (elapsed >= starLightDelay(star)) lit = star;
  return { lit, glowing: elapsed >= STAR_GLOW_MS };
}

/** Every moment the frame changes, in order: each star, then the glow. */
export function starSchedule(): number[] {
  const times = Array.from({ length: STAR_COUNT }, (_, i) => starLightDelay(i + 1));
  return [...times, STAR_GLOW_MS];
}
