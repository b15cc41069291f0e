// Pure rules of General Settings: the log-retention choices a plan allows, colours for the
// swatch, and what "saved" starts as.
import {
  DEFAULT_BLOCK_PAGE,
  DEFAULT_TIMEOUT_MS,
  plans,
  type GeneralSettings,
} from '@gatehouse/contracts';

/** Retention periods offered, in hours; the plan's maximum bounds them. */
const RETENTION_CHOICES_H = [24, 72, 7 * 24, 14 * 24, 30 * 24, 60 * 24, 90 * 24];

export function retentionLabel(hours: number): string {
  if (hours % 24 !== 0 || hours < 48) return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  return `${hours / 24} days`;
}

/** The choices up to the plan's maximum, plus the maximum and the current value themselves. */
export function retentionOptions(maxHours: number, current: number) {
  const hours = new Set(RETENTION_CHOICES_H.filter((h) => h <= maxHours));
  hours.add(maxHours);
  if (current <= maxHours) hours.add(current);
  return [...hours]
    .sort((a, b) => a - b)
    .map((h) => ({ label: retentionLabel(h), value: String(h) }));
}

/** `#abc` → `#aabbcc`; anything that is not a hex colour gives null. */
export function expandHex(colour: string): string | null {
  const text = colour.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(text)) return text;
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(text);
  return short ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}` : null;
}

/** Before the first answer and after a failed load: what the server answers a new Free shop. */
export const DEFAULT_SETTINGS: GeneralSettings & { maxLogRetentionHours: number } = {
  appEnabled: true,
  blockPage: { ...DEFAULT_BLOCK_PAGE },
  timeoutMs: DEFAULT_TIMEOUT_MS,
  logRetentionHours: plans.free.logRetentionHours,
  adminAccessEnabled: false,
  maxLogRetentionHours: plans.free.logRetentionHours,
};
