// IP address lookup: what the geo data knows about an address and what the shop's current
// rules would decide for a visit from it to the store's home page, with the rule that decides.
// The decision is computed from the stored rules (not a cached policy) so it reflects a change
// made a moment ago.
import {
  IP_LOOKUP_ATTRIBUTION,
  unlistedBits,
  visitUnlisted,
  visitorLogMessages as m,
  type IpLookupResult,
} from '@gatehouse/contracts';
import {
  compile,
  CRAWLERS,
  crawlerBit,
  crawlerName,
  decide,
  NETWORK_KINDS,
  networkBit,
  formatIp,
  ipToBigInt,
  isReservedV4,
  isReservedV6,
  type IpAddress,
  parseIp,
  parseIpRange,
  type Decision,
  type GeoLookup,
} from '@gatehouse/engine';
import type { Database } from '../../core/db/client.js';
import { badRequest } from '../../core/errors.js';
import type { BlockerRegistry } from '../../protection/blocker-registry.js';
import { crawlerDnsChecked, type CrawlerDns } from '../../protection/crawler-dns.js';
import { shopById } from '../../protection/blocker-registry.js';
import { kindInfo, ruleDescriber } from '../../protection/rule-labels.js';

/** Without a user agent given, the visit is decided as an ordinary browser's. */
const BROWSER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

function countryName(code: string | null): string | null {
  if (!code) return null;
  try {
    return countryNames.of(code) ?? null;
  } catch {
    return null;
  }
}

function isReservedAddress(ip: IpAddress): boolean {
  if (ip.version === 4) return isReservedV4(ip.value);
  const [a, b, c] = ip.words;
  return isReservedV6(a, b, c);
}

export async function lookupIp(
  blockers: BlockerRegistry,
  db: Database,
  shopId: string,
  geo: GeoLookup,
  crawlerDns: CrawlerDns,
  text: string,
  userAgent = '',
): Promise<IpLookupResult> {
  const parsed = parseIp(text.trim());
  if (!parsed) throw badRequest(m.lookupIp);
  const ip = formatIp(parsed);
  const value = ipToBigInt(parsed);
  const facts = geo.lookup(ip);

  const shop = await shopById(db, shopId);
  const ruleSet = await blockers.ruleSet(db, shop);
  const inList = (kind: 'ip-block' | 'ip-allow') =>
    ruleSet.rules.some((rule) => {
      if ((rule.kind !== 'ip-block' && rule.kind !== 'ip-allow') || rule.kind !== kind)
        return false;
      if (rule.expiresAt && Date.parse(rule.expiresAt) <= Date.now()) return false;
      const range = parseIpRange(rule.ip);
      return (
        range.ok &&
        range.range.version === parsed.version &&
        value >= range.range.first &&
        value <= range.range.last
      );
    });

  // As the storefront decides: entries the engine no longer accepts are left out.
  const compiled = compile(ruleSet, { stored: true });
  const agent = userAgent || BROWSER_AGENT;
  const dns = await crawlerDnsChecked(crawlerDns, agent, ip, facts);
  const decision: Decision = compiled.ok
    ? decide(compiled.policy, { ip, url: '/', userAgent: agent, ...dns }, facts)
    : { action: 'allow' as const, rule: null, facts };
  // The rules named as they are now: the lookup answers for the rules of now.
  const describe = ruleDescriber(blockers, ruleSet.rules);
  const named = (ref: { id: string; kind: string } | null | undefined) => {
    const facts = describe(ref);
    const info = ref ? kindInfo(blockers, ref.kind) : null;
    return ref && facts && info
      ? { id: ref.id, kind: ref.kind, label: facts.label, mode: facts.mode, page: info.page }
      : null;
  };
  const monitor = named(decision.monitor);

  return {
    ip,
    version: parsed.version,
    country: facts.country,
    countryName: countryName(facts.country),
    region: facts.region,
    city: facts.city,
    latitude: facts.latitude,
    longitude: facts.longitude,
    asn: facts.asn,
    org: facts.org,
    sources: { country: facts.countrySource, place: facts.placeSource },
    placeWithheld: facts.placeWithheld,
    flags: {
      reserved: isReservedAddress(parsed),
      inBlockList: inList('ip-block'),
      inAllowList: inList('ip-allow'),
    },
    network: Object.fromEntries(
      NETWORK_KINDS.map((kind) => [kind, (facts.network & networkBit(kind)) !== 0]),
    ) as IpLookupResult['network'],
    crawlerNetworks: CRAWLERS.filter((c) => (facts.crawlers & crawlerBit(c.id)) !== 0).map(
      (c) => c.name,
    ),
    userAgent,
    crawler: decision.crawler
      ? { name: crawlerName(decision.crawler.id), check: decision.crawler.check }
      : null,
    decision: {
      action: decision.action,
      rule: named(decision.rule),
      monitor: monitor && { ...monitor, action: decision.monitor!.action },
    },
    notEnforced: visitUnlisted(unlistedBits(decision.unlisted ?? 0)),
    attribution: IP_LOOKUP_ATTRIBUTION,
  };
}
