// A geolocation redirect's target: an absolute https address. A visitor is "already on" it when
// the page is on the target's host and under the target's path (whole path segments), so a
// store is never redirected to itself. With the path kept, the visitor's path is appended to
// the target's and the visitor's query to the target's.

export interface Target {
  /** The address in canonical form, without a fragment. */
  href: string;
  /** Lower-case host, with the port when one is given. */
  host: string;
  /** The target's path without a trailing slash ("" for the root). */
  path: string;
  search: string;
  origin: string;
}

/** The target, or null when it is not a usable https address. */
export function readTarget(text: string): Target | null {
  const value = text.trim();
  if (/\s/.test(value) || !/^https:\/\//i.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.hostname === '' || url.username !== '' || url.password !== '') return null;
  url.hash = '';
  return {
    href: url.href,
    host: url.host.toLowerCase(),
    path: url.pathname.replace(/\/+$/, ''),
    search: url.search,
    origin: url.origin,
  };
}

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** True when the page at `url` (absolute) is the target or under it. */
export function onTarget(url: string, target: Target): boolean {
  const page = parse(url);
  if (page === null || page.host.toLowerCase() !== target.host) return false;
  const path = page.pathname;
  return (
    target.path === '' ||
    path === target.path ||
    (path.startsWith(target.path) && path.charCodeAt(target.path.length) === 47)
  );
}

/** True when `inner` is `outer` itself or an address under it (same host, path within). */
export function within(inner: Target, outer: Target): boolean {
  return onTarget(inner.href, outer);
}

/** Where a visitor on `url` lands when the path and query are kept. */
export function landingUrl(target: Target, url: string): string {
  const page = parse(url) ?? parse(`https://invalid.invalid${url.startsWith('/') ? url : '/'}`);
  if (page === null) return target.href;
  const landing = new URL(target.href);
  landing.pathname =
    target.path + (page.pathname === '/' && target.path !== '' ? '' : page.pathname);
  const query = new URLSearchParams(target.search);
  for (const [key, value] of page.searchParams) query.append(key, value);
  landing.search = query.toString();
  return landing.href;
}
