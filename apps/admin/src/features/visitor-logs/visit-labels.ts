// The table's cell texts for a visit: where it came from, its network, its device, and the
// visited page and referrer shortened to what fits a column.
import type { VisitView } from '@gatehouse/contracts';
import { countryName } from '@gatehouse/engine/values';

export const UNKNOWN = '—';

export function countryLabel(code: string | null): string {
  return code ? countryName(code) : 'Unknown';
}

/** "Bavaria, Munich"; a missing part is left out, both missing reads "—". */
export function placeLabel({ region, city }: Pick<VisitView, 'region' | 'city'>): string {
  const parts = [region, city].filter((part): part is string => Boolean(part?.trim()));
  return parts.length === 0 ? UNKNOWN : parts.join(', ');
}

/** "AS15169 Google LLC", or whichever half is known. */
export function networkLabel({ asn, org }: Pick<VisitView, 'asn' | 'org'>): string {
  const parts = [asn === null ? null : `AS${asn}`, org?.trim() || null].filter(Boolean);
  return parts.length === 0 ? UNKNOWN : parts.join(' ');
}

/** The server reads the device from the user agent; an empty agent is said plainly. */
export function deviceLabel({ device, userAgent }: Pick<VisitView, 'device' | 'userAgent'>) {
  if (device.trim() !== '') return device;
  return userAgent.trim() === '' ? 'No user agent' : 'Unknown device';
}

/** A visited URL as path and query: the store's own host is the same on every row. */
export function pagePath(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}` || '/';
  } catch {
    return url;
  }
}

/** A referrer as its host and path without the scheme; none reads "Direct". */
export function referrerLabel(referrer: string): string {
  if (referrer.trim() === '') return 'Direct';
  try {
    const parsed = new URL(referrer);
    const path = parsed.pathname === '/' ? '' : parsed.pathname;
    return `${parsed.host}${path}`;
  } catch {
    return referrer;
  }
}

const absoluteFormat = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'medium',
  timeStyle: 'medium',
});

/** The exact time behind a relative one, in the merchant's time zone. */
export function absoluteTime(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : absoluteFormat.format(at);
}
