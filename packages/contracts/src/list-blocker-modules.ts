// The contract module of every list blocker, the firewall's own included: the package exports
// their names from here, and `list-blockers.ts` finds in them each blocker's manifest (its
// `…BlockerManifest`) and calls (its `…BlockerApi`). A new list blocker is one line here.
export * from './referrer-blocker.js';
export * from './asn-blocker.js';
export * from './firewall-list-blockers.js';
