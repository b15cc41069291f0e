// The visitor's address for the decision endpoint, worked out once per request with the
// engine's parser, giving both the canonical text the engine decides on and the rate-limit
// key: the IPv4 address, or the IPv6 /64 network (what @fastify/rate-limit's default key
// groups by, so one host cannot dodge the limit by rotating its interface id).
// The address is the connection's, or, when the connection comes from a TRUSTED_PROXIES
// address, found in X-Forwarded-For exactly as Fastify's `request.ip` finds it (proxy-addr's
// rule: walk the header from the right while the hop is trusted; the first untrusted or
// unparsable entry is the visitor, else the leftmost entry). Fastify's own walk parses every
// hop with a general-purpose library on each read; this one compiles the trusted list once
// into numeric ranges (visitor-ip.test.ts checks both agree, case by case).
import { formatIpv4, formatIpv6, parseIpInto, parseIpRange } from '@gatehouse/engine';
import type { FastifyRequest } from 'fastify';
import { NAMED_RANGES, trustedProxyProblem } from '../../core/http/trusted-proxies.js';

export interface VisitorIp {
  /** Canonical text (IPv4-mapped IPv6 as dotted IPv4), or the raw text when unparsable. */
  ip: string;
  /** The rate-limit key. */
  limitKey: string;
}

interface TrustedRanges {
  v4: { first: number; last: number }[];
  v6: { first: bigint; last: bigint }[];
}

function compileTrusted(entries: readonly string[]): TrustedRanges {
  const out: TrustedRanges = { v4: [], v6: [] };
  for (const named of entries) {
    const problem = trustedProxyProblem(named);
    if (problem) throw new Error(`TRUSTED_PROXIES: ${problem}`);
  }
  // A name stands for local ranges (fc00::/7 is wider than a list entry may be, and private).
  for (const entry of entries.flatMap((e) => NAMED_RANGES[e] ?? [e])) {
    let r = parseIpRange(entry);
    if (!r.ok && r.reason === 'hostBitsSet') r = parseIpRange(r.network);
    if (!r.ok) throw new Error(`TRUSTED_PROXIES: "${entry}" cannot be read`);
    const { version, first, last } = r.range;
    if (version === 4) out.v4.push({ first: Number(first), last: Number(last) });
    else out.v6.push({ first, last });
  }
  return out;
}

const words = new Uint32Array(4);

function isTrusted(trusted: TrustedRanges, version: 0 | 4 | 6): boolean {
  if (version === 4) {
    const value = words[0]!;
    for (const r of trusted.v4) if (value >= r.first && value <= r.last) return true;
    return false;
  }
  if (version === 6 && trusted.v6.length > 0) {
    const value =
      (BigInt(words[0]!) << 96n) |
      (BigInt(words[1]!) << 64n) |
      (BigInt(words[2]!) << 32n) |
      BigInt(words[3]!);
    for (const r of trusted.v6) if (value >= r.first && value <= r.last) return true;
  }
  return false;
}

/** The visitor address of `text`, already parsed into `words` as `version`. */
function visitorIpFrom(text: string, version: 0 | 4 | 6): VisitorIp {
  if (version === 4) {
    const ip = formatIpv4(words[0]!);
    return { ip, limitKey: ip };
  }
  if (version === 6) {
    const ip = formatIpv6([words[0]!, words[1]!, words[2]!, words[3]!]);
    return { ip, limitKey: `${words[0]!.toString(16)}:${words[1]!.toString(16)}::/64` };
  }
  return { ip: text, limitKey: text.toLowerCase() };
}

export function visitorIpOf(text: string): VisitorIp {
  return visitorIpFrom(text, parseIpInto(text, words));
}

const SPACE = 0x20;
const COMMA = 0x2c;

/** Reads a request's visitor address, trusting X-Forwarded-For from the given proxies. */
export function createVisitorIpReader(
  trustedProxies: readonly string[],
): (request: FastifyRequest) => VisitorIp {
  const trusted = compileTrusted(trustedProxies);
  return (request) => {
    let text = request.raw.socket?.remoteAddress ?? '';
    let version = parseIpInto(text, words);
    const header = request.headers['x-forwarded-for'];
    if (typeof header !== 'string' || !isTrusted(trusted, version)) {
      return visitorIpFrom(text, version);
    }
    // The hops from the right, each trimmed of spaces, empty ones skipped (proxy-addr's
    // `forwarded` reads the header the same way).
    let end = header.length;
    while (end > 0) {
      let stop = end;
      let start = end;
      let i = end - 1;
      for (; i >= 0; i--) {
        const c = header.charCodeAt(i);
        if (c === COMMA) {
          if (start !== stop) break;
          start = stop = i;
        } else if (c === SPACE) {
          if (start === stop) start = stop = i;
        } else start = i;
      }
      end = i < 0 ? 0 : i;
      if (start === stop) break;
      text = header.slice(start, stop);
      version = parseIpInto(text, words);
      if (!isTrusted(trusted, version)) break;
    }
    return visitorIpFrom(text, version);
  };
}
