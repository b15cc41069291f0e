// The visitor's address for the decision endpoint, worked out once per request. Fastify's
// `request.ip` walks X-Forwarded-For against TRUSTED_PROXIES on every read, and the rate
// limiter's default key parses IPv6 with a general-purpose library; here the address is parsed
// once with the engine's parser, giving both the canonical text the engine decides on and the
// rate-limit key: the IPv4 address, or the IPv6 /64 network (what @fastify/rate-limit's
// default key groups by, so one host cannot dodge the limit by rotating its interface id).
import { formatIpv4, formatIpv6, parseIpInto } from '@gatehouse/engine';
import type { FastifyRequest } from 'fastify';

export interface VisitorIp {
  /** Canonical text (IPv4-mapped IPv6 as dotted IPv4), or the raw text when unparsable. */
  ip: string;
  /** The rate-limit key. */
  limitKey: string;
}

const known = new WeakMap<FastifyRequest, VisitorIp>();
const words = new Uint32Array(4);

export function visitorIpOf(text: string): VisitorIp {
  const version = parseIpInto(text, words);
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

/** The request's visitor address, computed on first use and remembered for the request. */
export function visitorIp(request: FastifyRequest): VisitorIp {
  let found = known.get(request);
  if (found === undefined) {
    found = visitorIpOf(request.ip);
    known.set(request, found);
  }
  return found;
}
