// What the engine knows about a visitor's address: the facts rules match on and the visit log
// records. Absent knowledge is null, never a guess.

export interface GeoFacts {
  /** ISO 3166-1 alpha-2, upper case. */
  country: string | null;
  asn: number | null;
  org: string | null;
  region: string | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
  /** Network flags (NETWORK_* bits): hosting, vpn, proxy, tor, privateRelay; 0 when unknown. */
  network: number;
  /** A bit per search-engine crawler whose network holds the address. */
  crawlers: number;
  /** A bit per crawler that could be checked by network when these facts were made. */
  crawlersKnown: number;
  /** A bit per crawler whose published ranges were loaded then. */
  crawlerLists: number;
  /** NETWORK_* bits of the kinds whose list was not loaded then (their flags cannot be set). */
  listsMissing: number;
  /** The database `country` came from; null when unknown. */
  countrySource: GeoSource | null;
  /**
   * The database region, city and coordinates came from; null when none is given. They are
   * given only where that database places the address in `country` (the rules' country).
   */
  placeSource: GeoSource | null;
  /**
   * The country the city database gives when it disagrees with `country`: its region and city
   * are then left out, as the two databases contradict each other.
   */
  placeWithheld: string | null;
}

/**
 * The geo databases: `country` (geo-whois-asn-country, which the rules' country comes from)
 * and `city` (DB-IP's city data, for region, city and coordinates, and the country where the
 * first has none).
 */
export type GeoSource = 'country' | 'city';

/** Facts for an address nothing is known about (private, reserved, unparseable). */
export const UNKNOWN_FACTS: Readonly<GeoFacts> = Object.freeze({
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

/** Anything that can look facts up by IP: the loaded geo data, or a test double. */
export interface GeoLookup {
  lookup(ip: string): GeoFacts;
  /**
   * What rules read of an address (country, ASN and organisation, network flags, crawler
   * networks), as `lookup` gives it, without region, city and coordinates and never through
   * an answer cache: for reading many addresses at once without the place data's cost and
   * without pushing live visitors' answers out of the cache. Absent: use `lookup`.
   */
  ruleFacts?(ip: string): GeoFacts;
}
