// What the IP lookup's field holds. Whether that is one IPv4 or IPv6 address is the engine's
// answer (`isIp`), checked before asking the server so a typo is answered at once.

/** What the field holds, trimmed; brackets around an IPv6 address (as in URLs) are dropped. */
export function normaliseIpInput(text: string): string {
  const trimmed = text.trim();
  return /^\[.*\]$/.test(trimmed) ? trimmed.slice(1, -1) : trimmed;
}
