// The admin's two local-storage entries: the rating "snooze until" time and the China extension
// reminder's "don't remind again" flag (value 1). Storage can be unavailable (private mode,
// blocked); then nothing is remembered and nothing breaks.
export const RATING_SNOOZE_KEY = 'gatehouse.ratingSnoozeUntil';
export const CHINA_REMINDER_KEY = 'gatehouse.noChinaExtensionReminder';

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
