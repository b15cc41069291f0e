// Every timing and limit the shell and its pages rely on, in one place. Components import these
// instead of repeating the numbers.
import { PAYG_INCLUDED_VIEWS, reportRanges } from '@gatehouse/contracts';

/** Notifications are fetched at start, then this often. */
export const NOTIFICATION_POLL_MS = 300_000;
/** The deployed-version check rides on the same period. */
export const VERSION_POLL_MS = NOTIFICATION_POLL_MS;
/** The rating check waits this long after the account is known. */
export const RATING_CHECK_DELAY_MS = 2000;
/** After a star was clicked (in the popup or the top bar). */
export const RATING_SNOOZE_AFTER_RATING_MS = 86_400_000;
/** After "Not this time". */
export const RATING_SNOOZE_AFTER_DISMISS_MS = 36_000_000;
/** Star n (1–5) lights at STAR_ANIMATION_START_MS + n × STAR_ANIMATION_STEP_MS. */
export const STAR_ANIMATION_START_MS = 2000;
export const STAR_ANIMATION_STEP_MS = 100;
/** The stars glow from this time on. */
export const STAR_GLOW_MS = 3000;
export const STAR_COUNT = 5;
/** "Activate" alternates its look this often. */
export const ACTIVATE_BLINK_MS = 1000;
export { TOAST_DURATION_MS } from './toast-store.js';

/** Width at or below which the screen counts as mobile (no review stars, navigation toggle). */
export const MOBILE_MAX_WIDTH_PX = 768;
export const REPORT_RANGES = reportRanges;
export const DEFAULT_REPORT_RANGE = 1;
export const PAYG_USAGE_FULL = PAYG_INCLUDED_VIEWS;

/** Contact address given in the contact dialog. */
export const SUPPORT_EMAIL = 'support@gatehouse.app';
/** Hours within which support promises an answer. */
export const SUPPORT_RESPONSE_HOURS = 12;
/** The platform marketplace's review form for Gatehouse (five stars go there). */
export const MARKETPLACE_REVIEW_URL =
  'https://apps.shopify.com/gatehouse#modal-show=ReviewListingModal';
