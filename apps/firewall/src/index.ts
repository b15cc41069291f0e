// The firewall's public surface, for its server entry, tests and benchmarks.
export { buildFirewall, type FirewallOptions } from './firewall-app.js';
export { createPolicySource, type PolicySource, type ShopEntry } from './policy-source.js';
export { createFeedSource, type FeedSource, type FeedStatus } from './feed-source.js';
export { loadFirewallConfig, firewallKeyFrom, type FirewallConfig } from './env.js';
export { probeSignature } from './signatures.js';
export { createAccessLog, loggedUrl, type AccessLog, type AccessLogStats } from './access-log.js';
