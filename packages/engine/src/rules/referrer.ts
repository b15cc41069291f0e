// Referrer domains as merchants write them, and the host of a visit's referrer. A plain
// domain ("spam.example") matches that host only; a wildcard ("*.spam.example") matches every
// subdomain of it at any depth ("a.spam.example", "x.y.spam.example") but not the domain
// itself, so a merchant who wants both lists both. Hosts compare case-insensitively, without a
// trailing dot, and international names in their ASCII (punycode) form.

/**
 * Most referrer domains one rule set may list: twice the 100 entries the decision budget is
 * measured with, and room to spare. compile() refuses more with its own message.
 */
export const MAX_REFERRER_ENTRIES = 2000;

export interface ReferrerDomain {
  /** The host, lower case, ASCII form, no trailing dot. */
  host: string;
  /** True for "*.host": subdomains of the host, not the host itself. */
  wildcard: boolean;
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** The host in ASCII form when it is a valid domain name of two labels or more, else null. */
function asciiHost(text: string): string | null {
  if (text === '' || /[\s/?#@:\\[\]%]/.test(text)) return null;
  let host: string;
  try {
    host = new URL(`http://${text}/`).hostname;
  } catch {
    return null;
  }
  if (host.endsWith('.')) host = host.slice(0, -1);
  if (host.length > 253) return null;
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return null;
  // An address is not a domain ("1.2.3.4" parses as a host too).
  if (/^[0-9]+$/.test(labels[labels.length - 1]!)) return null;
  return host;
}

/**
 * Reads "spam.example", "*.spam.example" or a pasted address ("https://spam.example/page",
 * whose host is kept); null when the text names no domain.
 */
export function parseReferrerDomain(text: string): ReferrerDomain | null {
  let value = text.trim().toLowerCase();
  if (/^[a-z][a-z0-9+.-]*:\/\//.test(value)) {
    try {
      value = new URL(value).hostname;
    } catch {
      return null;
    }
  }
  const wildcard = value.startsWith('*.');
  const host = asciiHost(wildcard ? value.slice(2) : value);
  return host === null ? null : { host, wildcard };
}

/** The domain as stored and shown: "spam.example" or "*.spam.example". */
export function formatReferrerDomain(domain: ReferrerDomain): string {
  return domain.wildcard ? `*.${domain.host}` : domain.host;
}

/** The domain as the merchant's lists store it, or null when the text names none. */
export function normalizeReferrerDomain(text: string): string | null {
  const domain = parseReferrerDomain(text);
  return domain === null ? null : formatReferrerDomain(domain);
}

/** A plain http(s) address: an ASCII host name, no port, nothing the URL parser would rewrite. */
const PLAIN = /^https?:\/\/([a-z0-9-]+(?:\.[a-z0-9-]+)*)\.?(?=[/?#]|$)/i;

/** The host as the URL standard reads it, or null. */
function parsedHost(referrer: string): string | null {
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    const host = url.hostname.endsWith('.') ? url.hostname.slice(0, -1) : url.hostname;
    return host === '' ? null : host;
  } catch {
    return null;
  }
}

/**
 * The host of a referrer URL (lower case, no trailing dot), or null when there is none or it
 * is not an http(s) address. Never throws, whatever the text. A plain address is read
 * directly; anything else (a port, user info, escapes, international names, numeric hosts, spaces)
 * is read by the URL parser, so both give the same host.
 */
export function referrerHost(referrer: unknown): string | null {
  if (typeof referrer !== 'string' || referrer === '' || referrer.length > 4096) return null;
  const host = PLAIN.exec(referrer)?.[1];
  if (
    host !== undefined &&
    host !== '' &&
    !/(?:^|\.)[0-9]/.test(host.slice(host.lastIndexOf('.')))
  ) {
    return host.toLowerCase();
  }
  return parsedHost(referrer);
}
