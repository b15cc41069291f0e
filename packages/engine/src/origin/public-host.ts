// A store origin's host checked for the public internet: an address literal is judged as it
// is, a name is resolved and is public only when every address it has is (one private answer
// among public ones is enough to refuse it, as a connection could go to any of them). The
// lookup is bounded in time, and a name that does not resolve is refused: nothing can be said
// of it. The caller connects only to an address this check returned, never to the name again,
// so an answer that changes between the check and the connection (DNS rebinding) cannot slip
// a private address in.
import { lookup as dnsLookup } from 'node:dns/promises';
import { canonicalAddress, nonPublicReason, parseAnyAddress } from '../ip/public-address.js';

/** Every address a host name resolves to. */
export type HostLookup = (hostname: string) => Promise<string[]>;

export const systemLookup: HostLookup = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((answer) => answer.address);

export type HostCheck =
  { ok: true; addresses: string[] } | { ok: false; address: string | null; reason: string };

export interface HostCheckOptions {
  lookup?: HostLookup;
  timeoutMs: number;
  /** A further refusal of one address (the firewall's own, say); null lets it through. */
  refuse?: (address: string) => string | null;
  /** Lets addresses that are not public through (an origin on the development allowance). */
  allowNonPublic?: boolean;
}

class LookupTimeout extends Error {}

async function resolve(hostname: string, lookup: HostLookup, timeoutMs: number) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new LookupTimeout()), timeoutMs);
  });
  try {
    return await Promise.race([lookup(hostname), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The host's addresses when every one is public, else the first refused and why. */
export async function checkPublicHost(
  hostname: string,
  options: HostCheckOptions,
): Promise<HostCheck> {
  const literal = parseAnyAddress(hostname);
  let answers: string[];
  if (literal) {
    answers = [literal.toString()];
  } else {
    try {
      answers = await resolve(hostname, options.lookup ?? systemLookup, options.timeoutMs);
    } catch (error) {
      const reason =
        error instanceof LookupTimeout ? 'did not resolve in time' : 'does not resolve';
      return { ok: false, address: null, reason };
    }
    if (answers.length === 0) return { ok: false, address: null, reason: 'does not resolve' };
  }
  const addresses: string[] = [];
  for (const answer of answers) {
    const address = canonicalAddress(answer) ?? answer;
    const reason =
      (options.allowNonPublic ? null : nonPublicReason(answer)) ??
      options.refuse?.(address) ??
      null;
    if (reason) return { ok: false, address, reason };
    addresses.push(address);
  }
  return { ok: true, addresses };
}
