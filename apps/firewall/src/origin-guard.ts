// The firewall reaches only public stores. Every connection to an origin goes through one
// check at connect time: the origin's host is resolved, every address it has must be public
// (engine's checkPublicHost) and none may be the firewall's own host, and the socket is opened
// to the checked address itself, never to the name again, so a name that answers a public
// address to the server's save check and a private one now (DNS rebinding) is refused here.
// TLS still names a host, never the address, so certificates are checked as before. An origin on the
// development allowance (FIREWALL_DEV_ORIGINS, never in production) may be private, but never
// the firewall's own listening socket. A refused connection fails the request with
// OriginRefused; the firewall answers 502 and counts it.
import { networkInterfaces } from 'node:os';
import {
  canonicalAddress,
  checkPublicHost,
  isDevOrigin,
  type DevOrigin,
  type HostLookup,
} from '@gatehouse/engine';
import { Agent, buildConnector } from 'undici';

export class OriginRefused extends Error {
  constructor(
    readonly host: string,
    readonly address: string | null,
    readonly reason: string,
  ) {
    super(`origin ${host}${address ? ` (${address})` : ''} refused: ${reason}`);
  }
}

/** An OriginRefused behind the errors the proxy wraps it in, if any. */
export function refusalIn(error: unknown): OriginRefused | null {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; depth++) {
    if (e instanceof OriginRefused) return e;
    e = e.cause;
  }
  return null;
}

export interface Listener {
  address: string;
  port: number;
}

export interface OriginGuardOptions {
  /** Origins that may be private (development and tests only). */
  devOrigins: readonly DevOrigin[];
  /** Host name resolution; the system's when absent. */
  lookup?: HostLookup;
  /** Resolving and connecting, each, are given up after this long. */
  connectTimeoutMs: number;
  /** Where the firewall itself listens, asked at each connection. */
  listeners: () => readonly Listener[];
}

const WILDCARDS = new Set(['0.0.0.0', '::']);

/** Every address of this machine's interfaces, loopback included. */
function ownAddresses(): Set<string> {
  const own = new Set<string>();
  for (const entries of Object.values(networkInterfaces())) {
    for (const entry of entries ?? []) own.add(canonicalAddress(entry.address) ?? entry.address);
  }
  return own;
}

/** Why the firewall may not connect to this address and port itself, or null. */
function ownReason(
  address: string,
  port: number,
  listeners: readonly Listener[],
  dev: boolean,
): string | null {
  const own = ownAddresses();
  for (const listener of listeners) {
    const at = canonicalAddress(listener.address) ?? listener.address;
    const same = WILDCARDS.has(at) ? own.has(address) : at === address;
    if (same && listener.port === port) return 'the firewall itself';
  }
  if (!dev && own.has(address)) return "an address of the firewall's own host";
  return null;
}

/** Finds the one address the origin's connection may go to, or throws OriginRefused. */
export async function originAddress(
  hostname: string,
  port: number,
  options: OriginGuardOptions,
): Promise<string> {
  const dev = isDevOrigin(options.devOrigins, hostname, port);
  const listeners = options.listeners();
  const checked = await checkPublicHost(hostname, {
    ...(options.lookup ? { lookup: options.lookup } : {}),
    timeoutMs: options.connectTimeoutMs,
    allowNonPublic: dev,
    refuse: (address) => ownReason(address, port, listeners, dev),
  });
  if (!checked.ok) throw new OriginRefused(hostname, checked.address, checked.reason);
  return checked.addresses[0]!;
}

/** The connection pool the proxy sends every origin request through. */
export function createOriginAgent(options: OriginGuardOptions): Agent {
  const connectChecked = buildConnector({ timeout: options.connectTimeoutMs });
  return new Agent({
    connections: 128,
    pipelining: 1,
    keepAliveTimeout: 30_000,
    connect: (connection, callback) => {
      const port = Number(connection.port) || (connection.protocol === 'https:' ? 443 : 80);
      originAddress(connection.hostname, port, options).then(
        // Only the address changes: the TLS server name stays the one the request is for.
        (address) => connectChecked({ ...connection, hostname: address }, callback),
        (error: Error) => callback(error, null),
      );
    },
  });
}
