// The networks Apple's iCloud Private Relay partners run for the relay's egress alone, by AS
// number. While Apple's list of egress ranges is not loaded (a first start, the publisher
// down), an address in one of them is still a relay shopper, not a hosting network or a VPN.
// The partners' other egress (Cloudflare's, Fastly's) shares networks with their other
// services, so only the list can tell it apart.

export const RELAY_PARTNER_ASNS: readonly number[] = [
  // Akamai's network for iCloud Private Relay egress.
  36183,
];
