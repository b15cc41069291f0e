// What the firewall refuses before it looks at a request's shop: a request with more than one
// Host header (which one the store would read is anyone's guess; HTTP says answer 400), an
// absolute-form target whose host is not the Host header's (HTTP lets the target win; the
// firewall would then decide for one host and forward for another, so it refuses instead), and
// a request that has already passed through a Gatehouse firewall of this deployment (a loop:
// an origin that leads back to a firewall would hold a connection per round until none are
// left). Every request the firewall forwards carries its Via name, derived from the firewall
// key, so every instance of the deployment knows it and nobody else can guess it.
import type { IncomingMessage } from 'node:http';
import { createHmac } from 'node:crypto';

/** The firewall's name in the Via header of the requests it forwards. */
export function viaName(key: string): string {
  return `gatehouse-${createHmac('sha256', key).update('via').digest('hex').slice(0, 16)}`;
}

/** The absolute-form targets' hosts, by request, until the request is checked. */
const targets = new WeakMap<IncomingMessage, string>();

/**
 * Turns an absolute-form target (`GET http://host/path`) into the path the routes expect and
 * keeps its host for `refusal` (Fastify's rewriteUrl).
 */
export function originForm(raw: IncomingMessage): string {
  const url = raw.url ?? '/';
  if (url.startsWith('/') || url === '*') return url;
  try {
    const target = new URL(url);
    if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error('scheme');
    targets.set(raw, target.host);
    return `${target.pathname}${target.search}`;
  } catch {
    // Not a URL: kept as sent, no route's shape; the proxy would put it after the origin's path.
    targets.set(raw, '');
    return `/${url}`;
  }
}

export type Refusal = 'bad-request' | 'loop';

function hostHeaders(raw: IncomingMessage): string[] {
  const hosts: string[] = [];
  const headers = raw.rawHeaders;
  for (let i = 0; i < headers.length; i += 2) {
    if (headers[i]!.toLowerCase() === 'host') hosts.push(headers[i + 1]!);
  }
  return hosts;
}

/** Why the request is refused before anything else, or null. */
export function refusal(raw: IncomingMessage, via: string): Refusal | null {
  const hosts = hostHeaders(raw);
  if (hosts.length > 1) return 'bad-request';
  const target = targets.get(raw);
  if (target !== undefined && target.toLowerCase() !== (hosts[0] ?? '').toLowerCase()) {
    return 'bad-request';
  }
  const seen = raw.headers.via;
  if (seen && seen.toLowerCase().includes(via)) return 'loop';
  return null;
}
