// Whether an address is on the public internet, for the firewall's store origins: an origin
// must be an address anyone can reach, so every address that belongs to no one or to a private
// network is refused with what it is (loopback, private, carrier-grade NAT, link-local with the
// cloud metadata address, unspecified, multicast, broadcast, reserved and documentation
// ranges, unique-local). An IPv6 form that carries an IPv4 address (IPv4-mapped, the NAT64
// well-known prefix) is judged by the IPv4 address it carries; the other transition forms and
// everything outside IPv6 global unicast (2000::/3) are refused outright. Every IPv4 spelling
// that address parsers accept (one number, fewer parts, octal, hex) is read as the address it
// means, so no spelling slips past as a name.
import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

const REASONS: Record<string, string> = {
  unspecified: 'the unspecified address',
  broadcast: 'the broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address',
  loopback: 'a loopback address',
  carrierGradeNat: 'a carrier-grade NAT address',
  private: 'a private network address',
  uniqueLocal: 'a private network address',
};
const RESERVED = 'a reserved address';

const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');
const NAT64 = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

/** The address a text means (brackets and an IPv6 zone allowed), or null when it is a name. */
export function parseAnyAddress(text: string): Address | null {
  let value = text.trim();
  if (value.startsWith('[') && value.endsWith(']')) value = value.slice(1, -1);
  // A zone names the interface of a link-local address; the address alone decides.
  const zone = value.indexOf('%');
  if (zone !== -1 && value.includes(':')) value = value.slice(0, zone);
  return ipaddr.isValid(value) ? ipaddr.parse(value) : null;
}

function reasonOf(address: Address): string | null {
  if (address.kind() === 'ipv6') {
    const v6 = address as ipaddr.IPv6;
    const range = v6.range();
    if (range === 'ipv4Mapped') return reasonOf(v6.toIPv4Address());
    if (v6.match(NAT64)) return reasonOf(new ipaddr.IPv4(v6.toByteArray().slice(12)));
    if (range !== 'unicast' || !v6.match(GLOBAL_UNICAST)) return REASONS[range] ?? RESERVED;
    return null;
  }
  const range = address.range();
  return range === 'unicast' ? null : (REASONS[range] ?? RESERVED);
}

/**
 * Why the address is not a public one ("a loopback address"…), or null when it is public.
 * A text that is no address at all is refused too.
 */
export function nonPublicReason(text: string): string | null {
  const address = parseAnyAddress(text);
  return address ? reasonOf(address) : 'not an IP address';
}

/** The address in its one canonical spelling (IPv4-mapped IPv6 as the IPv4 it carries). */
export function canonicalAddress(text: string): string | null {
  const address = parseAnyAddress(text);
  if (!address) return null;
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    return (address as ipaddr.IPv6).toIPv4Address().toString();
  }
  return address.toString();
}
