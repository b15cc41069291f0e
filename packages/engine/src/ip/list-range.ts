// How wide an IP list's entries may be, judged by what they cover once normalised (an
// IPv4-mapped IPv6 block is the IPv4 block it carries, so `::ffff:0.0.0.0/96` is `0.0.0.0/0`),
// never by how the prefix is written. One entry may cover at most a /8 of IPv4 (16 777 216
// addresses, 1/256 of the space: a large network operator's whole allocation) or a /16 of
// IPv6 (itself wider than any one network's allocation): anything wider on a block list
// closes the store to a large part of the world, the merchant likely included, and on an
// allow list switches every other rule off for it; both are one slip of a prefix away from a
// narrower range. Entries within that bound can still add up: a list whose merged entries
// cover more than one such block in all is accepted with a notice saying how much it covers.
// Every list of addresses applies these rules: the IP Blocker's block and allow lists and the
// legacy list, whatever path an entry takes into them, and the trusted proxies of the server
// and the firewall.
import { bigIntToIp, parseIpRange, type IpRange } from './ip-range.js';
import { formatIp } from './ip-address.js';

/** The shortest prefix one list entry may have, per address family. */
export const LIST_MIN_PREFIX = { 4: 8, 6: 16 } as const;

/** Addresses of one family in the widest entry allowed: what merged entries are measured by. */
const WIDEST = { 4: 1n << 24n, 6: 1n << 112n } as const;

const SPACE = { 4: 1n << 32n, 6: 1n << 128n } as const;

const cidr = (range: IpRange) =>
  `${formatIp(bigIntToIp(range.version, range.first))}/${range.prefix}`;

export const listRangeMessages = {
  everyAddress: (text: string) =>
    `"${text}" covers every address on the internet, so it would apply to every visitor (you included). Enter a narrower range instead.`,
  tooWide: (text: string, range: IpRange) => {
    const family = range.version === 4 ? 'IPv4' : 'IPv6';
    const named = cidr(range) === text ? `"${text}"` : `"${text}" (${cidr(range)})`;
    const covers = share(range.last - range.first + 1n, range.version);
    return `${named} covers ${covers} of all ${family} addresses, more than one entry may. An ${family} entry can be at most a /${LIST_MIN_PREFIX[range.version]}: enter a narrower range, or several.`;
  },
  skipped: (text: string) =>
    `"${text}" is not applied: it is wider than an entry may be. Delete it, and add narrower ranges if you need them.`,
  coverage: (parts: string[]) =>
    `Together, the entries of this list cover ${parts.join(' and ')}. Check that this is what you meant: every visitor from those addresses is affected.`,
} as const;

/** A share of a family's addresses as the merchant reads it: "all", "1/128", "1.2 %". */
function share(count: bigint, version: 4 | 6): string {
  const space = SPACE[version];
  if (count >= space) return 'all';
  if (space % count === 0n) return `1/${(space / count).toString()}`;
  const percent = Number((count * 10n ** 8n) / space) / 10 ** 6;
  return `${percent.toPrecision(3).replace(/\.?0+$/, '')} %`;
}

/** Why `range` (parsed from `text`) cannot be a list entry, or null when it may be. */
export function listRangeProblem(text: string, range: IpRange): string | null {
  if (range.prefix === 0) return listRangeMessages.everyAddress(text);
  if (range.prefix < LIST_MIN_PREFIX[range.version]) {
    return listRangeMessages.tooWide(text, range);
  }
  return null;
}

/** Addresses covered by the ranges of one family together, overlaps counted once. */
function merged(ranges: IpRange[]): bigint {
  const sorted = [...ranges].sort((a, b) => (a.first < b.first ? -1 : a.first > b.first ? 1 : 0));
  let total = 0n;
  let start = -1n;
  let end = -2n;
  for (const r of sorted) {
    if (r.first > end + 1n) {
      if (end >= start && start >= 0n) total += end - start + 1n;
      start = r.first;
      end = r.last;
    } else if (r.last > end) {
      end = r.last;
    }
  }
  if (start >= 0n && end >= start) total += end - start + 1n;
  return total;
}

/**
 * The notice for a list whose entries together cover more than the widest single entry may,
 * per family, or null. Entries wider than allowed are left out (they are not applied).
 */
export function listCoverageNotice(ranges: readonly IpRange[]): string | null {
  const parts: string[] = [];
  for (const version of [4, 6] as const) {
    const ofFamily = ranges.filter(
      (r) => r.version === version && r.prefix >= LIST_MIN_PREFIX[version],
    );
    const covered = merged(ofFamily);
    if (covered > WIDEST[version]) {
      const name = version === 4 ? 'IPv4' : 'IPv6';
      parts.push(`${share(covered, version)} of all ${name} addresses`);
    }
  }
  return parts.length > 0 ? listRangeMessages.coverage(parts) : null;
}

/**
 * What the merchant should know about a list as it is stored (its entries' texts): each entry
 * left out for being wider than an entry may be (kept from before the bound), then how much
 * of the address space the applied entries cover together when that is more than one entry
 * may. Texts that are not addresses or ranges are not this check's business.
 */
export function listNotices(entries: readonly string[]): string[] {
  const notices: string[] = [];
  const ranges: IpRange[] = [];
  for (const text of entries) {
    const parsed = parseIpRange(text);
    if (!parsed.ok) continue;
    if (listRangeProblem(text, parsed.range)) notices.push(listRangeMessages.skipped(text));
    else ranges.push(parsed.range);
  }
  const coverage = listCoverageNotice(ranges);
  if (coverage) notices.push(coverage);
  return notices;
}

/** proxy-addr's names for local ranges, which a list of trusted proxies may use. */
export const TRUSTED_NETWORK_NAMES = ['loopback', 'linklocal', 'uniquelocal'] as const;

/**
 * Why an entry of a list of trusted networks (the proxies whose X-Forwarded-For is believed)
 * cannot be used, or null: an address, a CIDR block (host bits may be set; it is judged by
 * the network it names) or one of the local range names. A block wider than a list entry may
 * be would believe the header of a large part of the internet, so any visitor there could
 * claim any address; it is refused like a list entry.
 */
export function trustedNetworkProblem(entry: string): string | null {
  if ((TRUSTED_NETWORK_NAMES as readonly string[]).includes(entry)) return null;
  let parsed = parseIpRange(entry);
  if (!parsed.ok && parsed.reason === 'hostBitsSet') parsed = parseIpRange(parsed.network);
  if (!parsed.ok) {
    return `"${entry}" is not an IP address, a CIDR block or ${TRUSTED_NETWORK_NAMES.join(', ')}`;
  }
  return listRangeProblem(entry, parsed.range);
}
