// The server side of every list blocker, the firewall's own included: each a blocker made by
// the list-blocker kit from its manifest. The app takes them from here in the order of the
// manifests, so a new list blocker is one line here.
export { referrerBlocker } from './features/referrer-blocker/referrer-blocker.js';
export { asnBlocker } from './features/asn-blocker/asn-blocker.js';
export {
  firewallAsnBlocker,
  firewallReferrerBlocker,
} from './features/firewall-lists/firewall-list-blocker.js';
