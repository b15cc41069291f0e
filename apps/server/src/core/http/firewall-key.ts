// Calls only the firewall instances make (the policy snapshot, the network feeds' copies, the
// access log's batches) carry the firewall key as their bearer; it is compared in constant time.
import { timingSafeEqual } from 'node:crypto';
import { unauthorized } from '../errors.js';

export function isFirewallKey(header: string | undefined, key: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer /i, '') ?? '');
  const expected = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Throws the 401 unless the request carries the firewall key. */
export function requireFirewallKey(header: string | undefined, key: string): void {
  if (!isFirewallKey(header, key)) throw unauthorized('The firewall key is missing or wrong.');
}
