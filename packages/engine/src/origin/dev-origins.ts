// The development allowance of store origins: hosts (with a port, or any port) that the
// firewall may reach though they are not public, such as the platform emulator on loopback.
// Operators list them in the environment; production refuses the setting at start, so no
// store's origin can ever be allowed through it there. A host matches as written: a listed
// name allows that name, never another name that resolves to the same address.
import { canonicalAddress } from '../ip/public-address.js';

export interface DevOrigin {
  /** Lower-case name, or an address in its canonical spelling (IPv6 without brackets). */
  host: string;
  /** null: any port. */
  port: number | null;
}

const ENTRY = /^(\[[0-9a-f:.%]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/;

const hostKey = (host: string) => {
  const bare = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return canonicalAddress(bare) ?? bare.replace(/\.$/, '');
};

/** Reads `host`, `host:port` and `[v6]:port` entries, comma-separated; throws on a bad one. */
export function parseDevOrigins(text: string): DevOrigin[] {
  const entries = text
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  return entries.map((entry) => {
    const match = ENTRY.exec(entry);
    const port = match?.[2] === undefined ? null : Number(match[2]);
    if (!match || (port !== null && (port < 1 || port > 65535))) {
      throw new Error(`"${entry}" is not a host or host:port`);
    }
    return { host: hostKey(match[1]!), port };
  });
}

/** True when the origin's host and port are on the development allowance. */
export function isDevOrigin(list: readonly DevOrigin[], hostname: string, port: number): boolean {
  if (list.length === 0) return false;
  const host = hostKey(hostname);
  return list.some((entry) => entry.host === host && (entry.port === null || entry.port === port));
}
