// Every list blocker's manifest, the storefront's and the firewall's own apart, in the order the
// merchant meets them (the navigation, the firewall's enforce choices). What the admin, the
// server and the firewall say of all list blockers is read from here, and their calls go into
// `api` from here, and the package exports everything of theirs from here; a new list blocker
// is its import, its export and one line in each.
import { asnBlockerApi, asnBlockerManifest } from './asn-blocker.js';
import {
  firewallAsnBlockerManifest,
  firewallListBlockerApi,
  firewallReferrerBlockerManifest,
} from './firewall-list-blockers.js';
import { referrerBlockerApi, referrerBlockerManifest } from './referrer-blocker.js';

export * from './referrer-blocker.js';
export * from './asn-blocker.js';
export * from './firewall-list-blockers.js';

export const listBlockers = [referrerBlockerManifest, asnBlockerManifest] as const;
export type ListBlockerName = (typeof listBlockers)[number]['name'];

/** The firewall's own list blockers, in the order of the Firewall's navigation. */
export const firewallListBlockers = [
  firewallReferrerBlockerManifest,
  firewallAsnBlockerManifest,
] as const;
export type FirewallListBlockerName = (typeof firewallListBlockers)[number]['name'];

/** Every list blocker's calls, for `api`. */
export const listBlockerApi = {
  ...referrerBlockerApi,
  ...asnBlockerApi,
  ...firewallListBlockerApi,
} as const;
