// What the engine can say about the network an address belongs to, as bits of one number so a
// visit carries them without allocating: hosting (data centres and clouds), vpn (a commercial
// VPN's exits), proxy (relays of other people's browsing), tor (a Tor exit), privateRelay
// (Apple iCloud Private Relay's egress: real shoppers behind a privacy relay).

export const NETWORK_HOSTING = 1;
export const NETWORK_VPN = 2;
export const NETWORK_PROXY = 4;
export const NETWORK_TOR = 8;
export const NETWORK_PRIVATE_RELAY = 16;

export const NETWORK_KINDS = ['hosting', 'vpn', 'proxy', 'tor', 'privateRelay'] as const;
export type NetworkKind = (typeof NETWORK_KINDS)[number];

const BIT: Record<NetworkKind, number> = {
  hosting: NETWORK_HOSTING,
  vpn: NETWORK_VPN,
  proxy: NETWORK_PROXY,
  tor: NETWORK_TOR,
  privateRelay: NETWORK_PRIVATE_RELAY,
};

export function networkBit(kind: NetworkKind): number {
  return BIT[kind];
}

/** The kinds set in a flags number, in the order of NETWORK_KINDS. */
export function networkKinds(flags: number): NetworkKind[] {
  return NETWORK_KINDS.filter((kind) => (flags & BIT[kind]) !== 0);
}

export function isNetworkKind(value: unknown): value is NetworkKind {
  return typeof value === 'string' && (NETWORK_KINDS as readonly string[]).includes(value);
}
