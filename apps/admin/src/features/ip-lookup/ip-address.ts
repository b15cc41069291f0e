// Is this text one IPv4 or IPv6 address? The lookup checks before asking the server so a typo
// is answered at once; the server checks again and its message is the one shown.

const IPV4_PART = /^(?:0|[1-9]\d{0,2})$/;

export function isIpv4(text: string): boolean {
  const parts = text.split('.');
  return parts.length === 4 && parts.every((part) => IPV4_PART.test(part) && Number(part) <= 255);
}

const HEX_GROUP = /^[0-9a-fA-F]{1,4}$/;

export function isIpv6(text: string): boolean {
  if (text.length > 45 || !text.includes(':')) return false;
  const halves = text.split('::');
  if (halves.length > 2) return false;
  const groups = (half: string | undefined) => (half ? half.split(':') : []);
  const head = groups(halves[0]);
  const tail = groups(halves[1]);
  const all = [...head, ...tail];
  // A dotted IPv4 may end the address (::ffff:192.0.2.1) and counts as two groups.
  const last = all[all.length - 1];
  const embedsIpv4 = last !== undefined && last.includes('.');
  if (embedsIpv4 && !isIpv4(last)) return false;
  const hex = embedsIpv4 ? all.slice(0, -1) : all;
  if (!hex.every((group) => HEX_GROUP.test(group))) return false;
  const width = hex.length + (embedsIpv4 ? 2 : 0);
  return halves.length === 2 ? width <= 7 : width === 8;
}

export function isIpAddress(text: string): boolean {
  return isIpv4(text) || isIpv6(text);
}

/** What the field holds, trimmed; brackets around an IPv6 address (as in URLs) are dropped. */
export function normaliseIpInput(text: string): string {
  const trimmed = text.trim();
  return /^\[.*\]$/.test(trimmed) ? trimmed.slice(1, -1) : trimmed;
}
