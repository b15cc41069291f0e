// The IP lookup (/iplookup): the address asked about, and what the shop knows and decides
// about it.
import { isIp } from '@gatehouse/engine/values';
import { z } from 'zod';
import { monitorRule, visitActions, visitRule } from './visit-rule.js';
import { visitorLogMessages as m } from './visitor-log-messages.js';

export const ipLookupQuery = z.object({
  ip: z
    .string({ error: m.lookupIp })
    .trim()
    .min(1, m.lookupIp)
    .max(64, m.lookupIp)
    .refine(isIp, m.lookupIp),
  /** A user agent to decide for as well (a crawler's, a script's); none: a plain browser visit. */
  ua: z.string({ error: m.lookupUserAgent }).trim().max(1000, m.lookupUserAgent).optional(),
});

/**
 * The geo databases by the names merchants see: the country database (the country the rules
 * use) and DB-IP's city data (region, city, coordinates; the country where the first has none).
 */
export const GEO_SOURCE_NAMES = {
  country: 'geo-whois-asn-country',
  city: 'DB-IP City Lite',
} as const;
export type GeoSourceName = keyof typeof GEO_SOURCE_NAMES;
const geoSource = z.enum(['country', 'city']).nullable();

export const IP_LOOKUP_ATTRIBUTION = 'IP Geolocation by DB-IP';
export const IP_LOOKUP_ATTRIBUTION_URL = 'https://db-ip.com/';

export const ipLookupResult = z.object({
  /** The address in canonical form. */
  ip: z.string(),
  version: z.union([z.literal(4), z.literal(6)]),
  country: z.string().nullable(),
  /** English name of the country. */
  countryName: z.string().nullable(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  asn: z.number().nullable(),
  org: z.string().nullable(),
  /** Which database (GEO_SOURCE_NAMES) answered the country, and region and city. */
  sources: z.object({ country: geoSource, place: geoSource }),
  /**
   * The country the city database gives when it disagrees with `country`: its region and city
   * are then not given (null), as they would contradict the country the rules use.
   */
  placeWithheld: z.string().nullable(),
  flags: z.object({
    /** Private, loopback, documentation, multicast… space: no geo is ever given for it. */
    reserved: z.boolean(),
    /** The address is on the shop's IP block list (directly or in a range). */
    inBlockList: z.boolean(),
    /** The address is on the shop's IP allow list (directly or in a range). */
    inAllowList: z.boolean(),
  }),
  /** The kinds of network the engine's classification puts the address in. */
  network: z.object({
    hosting: z.boolean(),
    vpn: z.boolean(),
    proxy: z.boolean(),
    tor: z.boolean(),
    privateRelay: z.boolean(),
  }),
  /** Search engines whose published crawler ranges or own networks hold the address. */
  crawlerNetworks: z.array(z.string()),
  /** The user agent decided for ('' for none), and the search engine it claims to be, checked. */
  userAgent: z.string(),
  crawler: z
    .object({ name: z.string(), check: z.enum(['verified', 'fake', 'unverified']) })
    .nullable(),
  /**
   * What the shop's current rules decide for a visit from this address to the home page, with
   * the user agent given.
   */
  decision: z.object({
    action: z.enum(visitActions),
    rule: visitRule.nullable(),
    monitor: monitorRule.nullable(),
  }),
  /** Switches of the shop that cannot see this address now: their list is missing. */
  notEnforced: z.array(z.string()),
  /** Show with a link to IP_LOOKUP_ATTRIBUTION_URL wherever region or city is shown. */
  attribution: z.literal(IP_LOOKUP_ATTRIBUTION),
});
export type IpLookupResult = z.infer<typeof ipLookupResult>;
