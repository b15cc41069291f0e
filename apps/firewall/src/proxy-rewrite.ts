// How a request and its answer are carried between the visitor and the store's origin.
// Towards the origin: the visitor's Host is kept (the store answers for its own domain), the
// visitor's address is appended to X-Forwarded-For, X-Forwarded-Host/-Proto say what the
// visitor asked for, and the firewall's name is appended to Via (how a loop is recognised). An origin with a path (the platform emulator serves a store under
// /shops/<shop>) has that path put in front of the visitor's, unless the visitor's path already
// starts with it (the store's own absolute links). Back to the visitor: redirects to the origin
// are turned into the visitor's address, and cookies the origin scopes to its own host or path
// are scoped to the visitor's domain instead, so sessions, carts and sign-in keep working; the
// origin's connection headers are its own connection's, never the visitor's (a visitor who
// asked to close the connection gets it closed).
import type { IncomingHttpHeaders } from 'node:http';

export interface OriginTarget {
  /** Scheme and host of the origin. */
  origin: string;
  /** The origin's path prefix without a trailing slash ('' for none). */
  prefix: string;
}

/** The origin URL a visitor's path and query are forwarded to. */
export function originUrl(target: OriginTarget, url: string): string {
  const { prefix } = target;
  const path = url.startsWith('/') ? url : `/${url}`;
  if (prefix === '') return target.origin + path;
  const under =
    path.startsWith(prefix) &&
    (path.length === prefix.length || '/?'.includes(path[prefix.length]!));
  return target.origin + (under ? path : prefix + path);
}

export interface Visitor {
  ip: string;
  host: string;
  protocol: string;
  /** The firewall's name in Via. */
  via: string;
}

export function requestHeadersFor(
  headers: IncomingHttpHeaders,
  visitor: Visitor,
): IncomingHttpHeaders {
  const forwarded = headers['x-forwarded-for'];
  const hop = `1.1 ${visitor.via}`;
  return {
    ...headers,
    via: headers.via ? `${headers.via}, ${hop}` : hop,
    host: visitor.host,
    'x-forwarded-for': forwarded ? `${String(forwarded)}, ${visitor.ip}` : visitor.ip,
    'x-forwarded-host': visitor.host,
    'x-forwarded-proto': visitor.protocol,
  };
}

function rewriteLocation(location: string, target: OriginTarget, publicOrigin: string): string {
  const base = target.origin + target.prefix;
  if (location === base || location.startsWith(`${base}/`) || location.startsWith(`${base}?`)) {
    return publicOrigin + (location.slice(base.length) || '/');
  }
  if (target.prefix !== '' && location.startsWith(`${target.prefix}/`)) {
    return location.slice(target.prefix.length);
  }
  return location;
}

function rewriteCookie(cookie: string, target: OriginTarget): string {
  const originHost = new URL(target.origin).hostname.toLowerCase();
  // The first part is the cookie's own name and value; the attributes follow.
  const [pair = '', ...attributes] = cookie.split(';');
  const kept = attributes
    .filter((part) => {
      const [name, value = ''] = part.trim().split('=');
      return !(
        name?.toLowerCase() === 'domain' &&
        value.trim().replace(/^\./, '').toLowerCase() === originHost
      );
    })
    .map((part) => {
      const [name, ...rest] = part.trim().split('=');
      if (target.prefix === '' || name?.toLowerCase() !== 'path') return part;
      const path = rest.join('=');
      if (path === target.prefix || path.startsWith(`${target.prefix}/`)) {
        return ` Path=${path.slice(target.prefix.length) || '/'}`;
      }
      return part;
    });
  return [pair, ...kept].join(';');
}

export function responseHeadersFor(
  headers: IncomingHttpHeaders,
  target: OriginTarget,
  publicOrigin: string,
): IncomingHttpHeaders {
  const out = { ...headers };
  const named = typeof out.connection === 'string' ? out.connection.toLowerCase().split(',') : [];
  for (const name of ['connection', 'keep-alive', 'proxy-connection', ...named]) {
    delete out[name.trim()];
  }
  if (typeof out.location === 'string') {
    out.location = rewriteLocation(out.location, target, publicOrigin);
  }
  const cookies = out['set-cookie'];
  if (cookies) out['set-cookie'] = cookies.map((c) => rewriteCookie(c, target));
  return out;
}
