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
});

/** Anything that can look facts up by IP: the loaded geo data, or a test double. */
export interface GeoLookup {
  lookup(ip: string): GeoFacts;
}
