import { describe, expect, it } from 'vitest';
import {
  coordinatesLabel,
  crawlerCheckLabel,
  flagBadges,
  showsCityData,
  sourcesLine,
} from './lookup-labels.js';

const flags = { reserved: false, inBlockList: false, inAllowList: false };
const network = { hosting: false, vpn: false, proxy: false, tor: false, privateRelay: false };
const plain = { flags, network, crawlerNetworks: [] };

describe('lookup result texts', () => {
  it('writes coordinates with hemispheres', () => {
    expect(coordinatesLabel(48.13743, 11.57549)).toBe('48.1374° N, 11.5755° E');
    expect(coordinatesLabel(-33.8688, -70.6693)).toBe('33.8688° S, 70.6693° W');
    expect(coordinatesLabel(null, 11)).toBeNull();
  });

  it('shows the version always and each flag the engine raised', () => {
    expect(flagBadges({ version: 6, ...plain }).map((b) => b.label)).toEqual(['IPv6']);
    expect(
      flagBadges({
        ...plain,
        version: 4,
        flags: { reserved: true, inBlockList: true, inAllowList: true },
      }).map((b) => b.label),
    ).toEqual(['IPv4', 'Private or reserved', 'On the IP block list', 'On the allow list']);
  });

  it('names the kinds of network and the crawler networks that hold the address', () => {
    expect(
      flagBadges({
        ...plain,
        version: 4,
        network: { ...network, hosting: true, vpn: true },
        crawlerNetworks: ['Google'],
      }).map((b) => b.label),
    ).toEqual(['IPv4', 'Hosting / data centre', 'VPN', 'Google crawler network']);
    expect(
      flagBadges({ ...plain, version: 4, network: { ...network, privateRelay: true } }).map(
        (b) => b.label,
      ),
    ).toEqual(['IPv4', 'iCloud Private Relay']);
  });

  it('says what the check of a claimed crawler found', () => {
    expect(crawlerCheckLabel({ name: 'Google', check: 'verified' }).label).toBe(
      'Verified Google crawler',
    );
    expect(crawlerCheckLabel({ name: 'Bing', check: 'fake' })).toEqual({
      label: 'Fake Bing crawler',
      tone: 'critical',
    });
    expect(crawlerCheckLabel({ name: 'Yandex', check: 'unverified' }).label).toBe(
      'Claims to be Yandex, not checkable',
    );
  });

  it('asks for the DB-IP credit only when region or city is shown', () => {
    expect(showsCityData({ region: null, city: null })).toBe(false);
    expect(showsCityData({ region: 'Bavaria', city: null })).toBe(true);
  });

  it('says which database answered the country and the place', () => {
    expect(sourcesLine({ country: 'country', place: 'city' })).toBe(
      'Country from geo-whois-asn-country (the one your rules use); region and city from DB-IP City Lite.',
    );
    expect(sourcesLine({ country: 'country', place: null })).toBe(
      'Country from geo-whois-asn-country (the one your rules use).',
    );
    expect(sourcesLine({ country: 'city', place: 'city' })).toBe(
      'Country from DB-IP City Lite; region and city from DB-IP City Lite.',
    );
    expect(sourcesLine({ country: null, place: null })).toBeNull();
  });
});
