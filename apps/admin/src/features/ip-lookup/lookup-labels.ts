// Texts of the lookup result: coordinates as degrees with hemispheres, the network, the flags
// the engine knows about the address as badges, and what a claimed crawler checked out as.
import type { BadgeProps } from '@shopify/polaris';
import { GEO_SOURCE_NAMES, type IpLookupResult } from '@gatehouse/contracts';

function degrees(value: number, positive: string, negative: string): string {
  return `${Math.abs(value).toFixed(4)}° ${value < 0 ? negative : positive}`;
}

/** "48.1374° N, 11.5755° E"; null when the address has no position. */
export function coordinatesLabel(latitude: number | null, longitude: number | null) {
  if (latitude === null || longitude === null) return null;
  return `${degrees(latitude, 'N', 'S')}, ${degrees(longitude, 'E', 'W')}`;
}

export interface FlagBadge {
  label: string;
  tone: NonNullable<BadgeProps['tone']>;
}

const NETWORK_LABELS: Record<keyof IpLookupResult['network'], FlagBadge> = {
  hosting: { label: 'Hosting / data centre', tone: 'warning' },
  vpn: { label: 'VPN', tone: 'warning' },
  proxy: { label: 'Proxy', tone: 'warning' },
  tor: { label: 'Tor exit', tone: 'critical' },
  privateRelay: { label: 'iCloud Private Relay', tone: 'info' },
};

export function flagBadges(
  result: Pick<IpLookupResult, 'version' | 'flags' | 'network' | 'crawlerNetworks'>,
): FlagBadge[] {
  const badges: FlagBadge[] = [{ label: `IPv${result.version}`, tone: 'info' }];
  for (const [kind, badge] of Object.entries(NETWORK_LABELS)) {
    if (result.network[kind as keyof IpLookupResult['network']]) badges.push(badge);
  }
  for (const name of result.crawlerNetworks) {
    badges.push({ label: `${name} crawler network`, tone: 'success' });
  }
  if (result.flags.reserved) badges.push({ label: 'Private or reserved', tone: 'attention' });
  if (result.flags.inBlockList) badges.push({ label: 'On the IP block list', tone: 'critical' });
  if (result.flags.inAllowList) badges.push({ label: 'On the allow list', tone: 'success' });
  return badges;
}

/** Region or city is DB-IP data, which its licence asks to credit wherever it is shown. */
export function showsCityData(result: Pick<IpLookupResult, 'region' | 'city'>): boolean {
  return Boolean(result.region || result.city);
}

/**
 * Which database answered: "Country from geo-whois-asn-country (the one your rules use); region
 * and city from DB-IP City Lite." Null when neither answered (a reserved address).
 */
export function sourcesLine({ country, place }: IpLookupResult['sources']): string | null {
  if (!country && !place) return null;
  const parts: string[] = [];
  if (country) {
    const used = country === 'country' ? ' (the one your rules use)' : '';
    parts.push(`Country from ${GEO_SOURCE_NAMES[country]}${used}`);
  }
  if (place) parts.push(`region and city from ${GEO_SOURCE_NAMES[place]}`);
  const line = parts.join('; ');
  return `${line.charAt(0).toUpperCase()}${line.slice(1)}.`;
}

/** What the check of a claimed search-engine crawler found, in a merchant's words. */
export function crawlerCheckLabel(crawler: NonNullable<IpLookupResult['crawler']>): FlagBadge {
  switch (crawler.check) {
    case 'verified':
      return { label: `Verified ${crawler.name} crawler`, tone: 'success' };
    case 'fake':
      return { label: `Fake ${crawler.name} crawler`, tone: 'critical' };
    case 'unverified':
      return { label: `Claims to be ${crawler.name}, not checkable`, tone: 'attention' };
  }
}
