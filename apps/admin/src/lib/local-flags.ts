// The admin's local-storage entries: the rating "snooze until" time, the China extension
// reminder's "don't remind again" flag (value 1), this browser's Admin Access key, the plan
// the account was last seen on, and whether each store's app embed was on when last read.
// Storage can be unavailable (private mode, blocked); then nothing is remembered and nothing
// breaks.
import { planIds, type PlanId } from '@gatehouse/contracts';

export const RATING_SNOOZE_KEY = 'gatehouse.ratingSnoozeUntil';
export const CHINA_REMINDER_KEY = 'gatehouse.noChinaExtensionReminder';
export const ADMIN_DEVICE_KEY = 'gatehouse.adminDeviceKey';
export const LAST_PLAN_KEY = 'gatehouse.lastPlan';
/** Followed by the store's domain: '1' when its app embed was last read on, '0' off. */
export const LAST_EMBED_STATE_KEY = 'gatehouse.appEmbedOn.';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Not remembered; the prompt simply comes back next time.
  }
}

/** Epoch ms until which the rating prompt stays away, or null when none was stored. */
export function readRatingSnoozeUntil(): number | null {
  const raw = read(RATING_SNOOZE_KEY);
  if (raw === null) return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

export function writeRatingSnoozeUntil(until: number): void {
  write(RATING_SNOOZE_KEY, String(until));
}

/** True once the merchant chose "don't remind again" in the China reminder. */
export function isChinaReminderDismissed(): boolean {
  return read(CHINA_REMINDER_KEY) === '1';
}

export function dismissChinaReminder(): void {
  write(CHINA_REMINDER_KEY, '1');
}

/** Blocking China while the extension is off, unless the merchant said not to remind again. */
export function shouldShowChinaReminder(
  blocksChina: boolean,
  isExtensionEnabled: boolean,
): boolean {
  return blocksChina && !isExtensionEnabled && !isChinaReminderDismissed();
}

/**
 * This browser's Admin Access key, made on first use: random, kept here, sent when this
 * browser arms a marking and when it asks whether it is a marked device. Undefined when
 * storage is unavailable (the dashboard then cannot tell whether this browser is marked).
 */
export function adminDeviceKey(): string | undefined {
  const stored = read(ADMIN_DEVICE_KEY);
  if (stored !== null && /^[A-Za-z0-9_-]{22,128}$/.test(stored)) return stored;
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  const key = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  write(ADMIN_DEVICE_KEY, key);
  return read(ADMIN_DEVICE_KEY) === key ? key : undefined;
}

/**
 * The plan the account was on when this browser last read it: the admin, opening on a page,
 * does not ask early for what that plan cannot have (the page shows its upgrade card).
 */
export function readLastPlan(): PlanId | null {
  const stored = read(LAST_PLAN_KEY);
  return planIds.find((id) => id === stored) ?? null;
}

export function writeLastPlan(plan: PlanId): void {
  if (read(LAST_PLAN_KEY) !== plan) write(LAST_PLAN_KEY, plan);
}

/**
 * Whether the store's app embed was on when this browser last read it, null when it never
 * did: the shell keeps the Action Required bar's place while the embed is read again, so the
 * bar arriving does not push the page down.
 */
export function readLastEmbedState(shop: string): boolean | null {
  const stored = read(LAST_EMBED_STATE_KEY + shop);
  return stored === '1' ? true : stored === '0' ? false : null;
}

export function writeLastEmbedState(shop: string, on: boolean): void {
  const value = on ? '1' : '0';
  if (read(LAST_EMBED_STATE_KEY + shop) !== value) write(LAST_EMBED_STATE_KEY + shop, value);
}
