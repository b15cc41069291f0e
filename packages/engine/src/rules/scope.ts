// Where on the storefront a rule applies. By default the whole store; otherwise a list of URL
// patterns: a path prefix (`/pages/wholesale`, matched on whole segments), a collection
// (`/collections/sale`, also its product and tag pages) or a product (`/products/hat`, also
// when reached through a collection), or a raw prefix ending in `*` (`/pages/sale*`). A
// leading locale segment (`/fr/`, `/en-ca/`) of the visited URL is ignored.
import { z } from 'zod';

export const scopeSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('store') }),
  z.object({ type: z.literal('urls'), patterns: z.array(z.string()).min(1).max(500) }),
]);
export type Scope = z.infer<typeof scopeSchema>;

/** Tests the visited path (lower case, no query, no locale) against a rule's patterns. */
export type ScopeMatcher = (path: string) => boolean;

const PATTERN = /^\/[^\s?#]*$/;

/** The canonical form of a pattern (lower case, no trailing slash), or null when invalid. */
export function normalizeScopePattern(pattern: string): string | null {
  const value = pattern.trim().toLowerCase();
  if (!PATTERN.test(value) || value.length > 1000) return null;
  if (value.endsWith('*')) return value.indexOf('*') === value.length - 1 ? value : null;
  if (value.includes('*')) return null;
  return value.length > 1 ? value.replace(/\/+$/, '') || '/' : value;
}

function underPrefix(path: string, prefix: string): boolean {
  if (prefix === '/') return true;
  return path === prefix || (path.startsWith(prefix) && path.charCodeAt(prefix.length) === 47);
}

/** A Shopify Markets locale segment: `/fr`, `/en-ca`. */
const LOCALE_PREFIX = /^\/[a-z]{2}(?:-[a-z0-9]{2,4})?(\/.*)?$/;
const PRODUCT_IN_COLLECTION = /^\/collections\/[^/]+(\/products\/.*)$/;

/** Builds the matcher of normalised patterns. */
export function compileScope(patterns: string[]): ScopeMatcher {
  const prefixes: string[] = [];
  const raw: string[] = [];
  const products: string[] = [];
  for (const pattern of patterns) {
    if (pattern.endsWith('*')) raw.push(pattern.slice(0, -1));
    else if (pattern.startsWith('/products/')) products.push(pattern);
    else prefixes.push(pattern);
  }
  const matchesPath = (path: string): boolean => {
    for (const p of prefixes) if (underPrefix(path, p)) return true;
    for (const p of raw) if (path.startsWith(p)) return true;
    if (products.length > 0) {
      const productPath = PRODUCT_IN_COLLECTION.exec(path)?.[1] ?? path;
      for (const p of products) if (underPrefix(productPath, p)) return true;
    }
    return false;
  };
  return (path) => {
    if (matchesPath(path)) return true;
    const withoutLocale = LOCALE_PREFIX.exec(path);
    return withoutLocale !== null && matchesPath(withoutLocale[1] ?? '/');
  };
}

/**
 * The path of a visited URL (absolute or path-only), lower case, percent-decoded where
 * possible, without query or fragment. Never throws; '/' when nothing usable is given.
 */
export function pathOfUrl(url: unknown): string {
  if (typeof url !== 'string' || url === '') return '/';
  let start = 0;
  if (url.charCodeAt(0) !== 47) {
    const scheme = url.indexOf('://');
    if (scheme < 0) return '/';
    start = url.indexOf('/', scheme + 3);
    if (start < 0) return '/';
  } else if (url.charCodeAt(1) === 47) {
    // Protocol-relative `//host/path`.
    start = url.indexOf('/', 2);
    if (start < 0) return '/';
  }
  let end = url.length;
  for (let i = start; i < end; i++) {
    const c = url.charCodeAt(i);
    if (c === 63 || c === 35) end = i;
  }
  let path = url.slice(start, end).toLowerCase();
  if (path.includes('%')) {
    try {
      path = decodeURIComponent(path);
    } catch {
      // Malformed escapes: match on the raw text.
    }
  }
  return path.length > 1 && path.endsWith('/') ? path.replace(/\/+$/, '') || '/' : path;
}
