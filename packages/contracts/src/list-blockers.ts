// Every list blocker's manifest, in the order the merchant meets them (the navigation, the
// firewall's enforce choices). What the admin, the server and the firewall say of all list
// blockers is read from here; a new list blocker is one line.
import { asnBlockerManifest } from './asn-blocker.js';
import { referrerBlockerManifest } from './referrer-blocker.js';

export const listBlockers = [referrerBlockerManifest, asnBlockerManifest] as const;
export type ListBlockerName = (typeof listBlockers)[number]['name'];
