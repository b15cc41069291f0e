// Lookups against the real bundled data (loaded once for the file).
import { beforeAll, describe, expect, it } from 'vitest';
import { decideCases } from '../policy/decide.cases.js';
import { loadGeo, type Geo } from './load-geo.js';

let geo: Geo;
beforeAll(async () => {
  geo = await loadGeo({ city: true });
});

describe('geo lookup on the bundled data', () => {
  it('knows Google Public DNS over IPv4 and IPv6', () => {
    expect(geo.lookup('8.8.8.8')).toMatchObject({ country: 'US', asn: 15169, org: 'Google LLC' });
    expect(geo.lookup('2001:4860:4860::8888')).toMatchObject({ country: 'US', asn: 15169 });
  });

  it('knows Cloudflare DNS', () => {
    expect(geo.lookup('1.1.1.1')).toMatchObject({ asn: 13335, org: 'Cloudflare, Inc.' });
  });

  it('places European addresses in their country, region and city', () => {
    expect(geo.lookup('194.153.205.26')).toMatchObject({ country: 'IT' });
    expect(geo.lookup('88.198.0.1')).toMatchObject({ country: 'DE', region: 'Saxony' });
    const paris = geo.lookup('212.27.48.10');
    expect(paris).toMatchObject({ country: 'FR', city: 'Paris' });
    expect(paris.latitude).toBeCloseTo(48.86, 1);
    expect(paris.longitude).toBeCloseTo(2.35, 1);
  });

  it('says which database answered, and leaves out a city in another country', () => {
    expect(geo.lookup('212.27.48.10')).toMatchObject({
      countrySource: 'country',
      placeSource: 'city',
      placeWithheld: null,
    });
    // The country database says United States, the city database Quebec, Montreal (Canada).
    expect(geo.lookup('9.187.136.0')).toMatchObject({
      country: 'US',
      region: null,
      city: null,
      latitude: null,
      countrySource: 'country',
      placeSource: null,
      placeWithheld: 'CA',
    });
  });

  it('gives rules the facts of a lookup without the place, the city data’s country included', () => {
    const place = ['region', 'city', 'latitude', 'longitude', 'placeSource', 'placeWithheld'];
    const withoutPlace = Object.fromEntries(place.map((key) => [key, null]));
    // 103.185.76.227 has no country in the country database: the city database's counts.
    const addresses = ['212.27.48.10', '9.187.136.0', '8.8.8.8', '2001:4860:4860::8888'];
    for (const ip of [...addresses, '103.185.76.227', '10.0.0.1', 'not an ip']) {
      expect(geo.ruleFacts(ip), ip).toEqual({ ...geo.lookup(ip), ...withoutPlace });
    }
    expect(geo.ruleFacts('103.185.76.227')).toMatchObject({ country: 'IN', countrySource: 'city' });
    expect(geo.lookup('212.27.48.10').city).not.toBeNull();
  });

  it('reads IPv4-mapped IPv6 as the IPv4 address', () => {
    expect(geo.lookup('::ffff:8.8.8.8')).toEqual(geo.lookup('8.8.8.8'));
  });

  it('knows nothing of private addresses and garbage', () => {
    for (const ip of ['10.0.0.1', '192.168.1.1', '::1', 'fe80::1', 'not an ip', '', '999.1.1.1']) {
      expect(geo.lookup(ip)).toEqual({
        country: null,
        asn: null,
        org: null,
        region: null,
        city: null,
        latitude: null,
        longitude: null,
        network: 0,
        crawlers: 0,
        crawlersKnown: 0,
        crawlerLists: 0,
        listsMissing: 0,
        countrySource: null,
        placeSource: null,
        placeWithheld: null,
      });
    }
  });

  it('reports the memory each index holds', () => {
    const usage = geo.memoryUsage();
    expect(usage.country).toBeGreaterThan(1_000_000);
    expect(usage.asn).toBeGreaterThan(1_000_000);
    expect(usage.city).toBeGreaterThan(100_000_000);
    expect(usage.total).toBe(usage.country + usage.asn + usage.city);
  });

  it('agrees with the countries and networks the shared decision table assumes', () => {
    for (const c of decideCases) {
      const ip = c.visit.ip;
      const facts = geo.lookup(ip);
      expect(facts.country, `${c.name} (${ip})`).toBe(c.country);
      if (c.asn !== undefined) expect(facts.asn, `${c.name} (${ip})`).toBe(c.asn);
      if (c.org !== undefined) expect(facts.org, `${c.name} (${ip})`).toBe(c.org);
    }
  });
});

describe('geo without the city data', () => {
  it('still answers country and ASN, and nothing finer', async () => {
    const small = await loadGeo({ city: false });
    expect(small.hasCity).toBe(false);
    expect(small.memoryUsage().city).toBe(0);
    expect(small.lookup('212.27.48.10')).toMatchObject({
      country: 'FR',
      region: null,
      city: null,
      latitude: null,
    });
    expect(small.lookup('212.27.48.10').asn).toBeGreaterThan(0);
  });
});

describe('the answer cache', () => {
  it('answers a repeated address from the cache, frozen, and the same as a fresh lookup', async () => {
    const uncached = await loadGeo({ city: true, cacheSize: 0 });
    const cached = await loadGeo({ city: true, cacheSize: 2 });
    const first = cached.lookup('212.27.48.10');
    expect(first).toEqual(uncached.lookup('212.27.48.10'));
    expect(first.city).not.toBeNull();
    expect(cached.lookup('212.27.48.10')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(cached.cacheUsage()).toEqual({ entries: 1, max: 2 });
    // Rules' facts neither come from the cache nor go into it.
    expect(cached.ruleFacts('212.27.48.10')).not.toBe(cached.ruleFacts('212.27.48.10'));
    cached.ruleFacts('8.8.8.8');
    expect(cached.cacheUsage().entries).toBe(1);
  });

  it('keeps at most its bound, forgetting the least recently used address', async () => {
    const cached = await loadGeo({ city: false, cacheSize: 2 });
    const google = cached.lookup('8.8.8.8');
    const cloudflare = cached.lookup('1.1.1.1');
    cached.lookup('8.8.8.8'); // used again: now the most recent
    cached.lookup('212.27.48.10'); // pushes out 1.1.1.1
    expect(cached.cacheUsage().entries).toBe(2);
    expect(cached.lookup('8.8.8.8')).toBe(google);
    expect(cached.lookup('1.1.1.1')).not.toBe(cloudflare);
    expect(cached.lookup('1.1.1.1')).toEqual(cloudflare);
    // Unparsable input is answered (unknown facts) and never throws.
    expect(cached.lookup('not an address')).toMatchObject({ country: null, asn: null });
  });

  it('is off with a size of 0: every answer is a new object', async () => {
    const uncached = await loadGeo({ city: false, cacheSize: 0 });
    expect(uncached.lookup('8.8.8.8')).not.toBe(uncached.lookup('8.8.8.8'));
    expect(uncached.cacheUsage()).toEqual({ entries: 0, max: 0 });
  });
});
