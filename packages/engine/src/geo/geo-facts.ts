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
  /** A bit per crawler that could be checked when these facts were made. */
  crawlersKnown: number;
}

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
});

/** Anything that can look facts up by IP: the loaded geo data, or a test double. */
export interface GeoLookup {
  lookup(ip: string): GeoFacts;
}
