// Realistic visitor-log rows for seeding and the benchmark: addresses drawn from real networks
// (their country, region, city, ASN and organisation come from the engine's geo data, never
// invented), pages of the demo storefront, real referrers and user agents of browsers and
// crawlers, and about 8% blocked by the IP block list or the Country Blocker.
import type { GeoLookup } from '@gatehouse/engine';
import { agentBotCategory, networkFlags } from '../features/visitor-logs/visit-network.js';
import type { VisitRecord } from '../features/visitor-logs/visit-record.js';

/** Networks visits come from: [first three or two octets, weight]. */
const NETWORKS: readonly [string, number][] = [
  ['8.8.8', 3], // Google, US
  ['23.235.33', 2], // Fastly, US
  ['73.162', 8], // Comcast, US
  ['98.207', 6], // Charter, US
  ['24.114', 3], // Rogers, CA
  ['81.2.69', 4], // Andrews & Arnold, GB
  ['86.128', 5], // BT, GB
  ['88.198', 3], // Hetzner, DE
  ['79.192', 5], // Telekom, DE
  ['90.45', 4], // Orange, FR
  ['83.160', 2], // Telia, SE
  ['151.38', 2], // Fastweb, IT
  ['177.33', 3], // Brazil
  ['49.205', 3], // India
  ['126.120', 2], // SoftBank, JP
  ['1.1.1', 1], // Cloudflare
  ['5.255.255', 2], // Yandex, RU
  ['36.110', 2], // China Telecom, CN
  ['45.155', 1], // hosting
];
const BLOCKED_COUNTRIES = new Set(['RU', 'CN']);

const PATHS = [
  '/',
  '/',
  '/collections/all',
  '/collections/frontpage',
  '/products/wool-hat',
  '/products/canvas-tote',
  '/products/linen-shirt',
  '/products/leather-belt',
  '/cart',
  '/search?q=hat',
  '/pages/about',
  '/account/login',
];
const REFERRERS = [
  '',
  '',
  '',
  'https://www.google.com/',
  'https://www.bing.com/',
  'https://duckduckgo.com/',
  'https://www.instagram.com/',
  'https://l.facebook.com/',
  'https://t.co/',
];
const USER_AGENTS: readonly [string, number][] = [
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    30,
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    25,
  ],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    10,
  ],
  [
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
    15,
  ],
  ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0', 6],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
    6,
  ],
  ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 4],
  ['Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', 2],
  ['Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)', 1],
  ['curl/8.5.0', 1],
];

/** A small deterministic generator (mulberry32), so runs are repeatable. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function weighted<T>(items: readonly [T, number][], r: number): T {
  const total = items.reduce((s, [, w]) => s + w, 0);
  let x = r * total;
  for (const [item, w] of items) if ((x -= w) < 0) return item;
  return items[items.length - 1]![0];
}

/** A generated visit: a stored visit's fields without the shop, never monitored. */
export type GeneratedVisit = Omit<
  VisitRecord,
  | 'shopId'
  | 'action'
  | 'monitor'
  | 'monitorRuleId'
  | 'monitorRuleKind'
  | 'monitorLabel'
  | 'monitorMode'
  | 'monitorAction'
> & {
  action: 'allow' | 'block';
};

export interface GeneratorOptions {
  shopDomain: string;
  /** Visits are spread evenly over [from, to). */
  from: Date;
  to: Date;
  seed?: number;
  /** Addresses on the shop's IP block list (their visits are blocked by that entry). */
  blockedIps?: ReadonlyMap<string, string>;
}

/** Yields `n` visits oldest first. */
export function* generateVisits(
  n: number,
  geo: GeoLookup,
  options: GeneratorOptions,
): Generator<GeneratedVisit> {
  const rand = random(options.seed ?? 1);
  const start = options.from.getTime();
  const step = (options.to.getTime() - start) / Math.max(1, n);
  const facts = new Map<string, ReturnType<GeoLookup['lookup']>>();
  const blockedIps = [...(options.blockedIps ?? new Map<string, string>())];
  for (let i = 0; i < n; i++) {
    let ip: string;
    let blockRule: string | null = null;
    if (blockedIps.length > 0 && rand() < 0.03) {
      const [address, id] = blockedIps[Math.floor(rand() * blockedIps.length)]!;
      ip = address;
      blockRule = id;
    } else {
      const net = weighted(NETWORKS, rand());
      const parts = net.split('.');
      while (parts.length < 4) parts.push(String(1 + Math.floor(rand() * 254)));
      ip = parts.join('.');
    }
    let f = facts.get(ip);
    if (!f) {
      f = geo.lookup(ip);
      if (facts.size < 200_000) facts.set(ip, f);
    }
    // Drawn in the order the fields were always drawn, so a seed gives the same visits.
    const url = `https://${options.shopDomain}${PATHS[Math.floor(rand() * PATHS.length)]!}`;
    const referrer = REFERRERS[Math.floor(rand() * REFERRERS.length)]!;
    const userAgent = weighted(USER_AGENTS, rand());
    const byCountry = !blockRule && f.country !== null && BLOCKED_COUNTRIES.has(f.country);
    const blocked = blockRule !== null || byCountry;
    yield {
      time: new Date(start + i * step),
      ip,
      country: f.country,
      region: f.region,
      city: f.city,
      asn: f.asn,
      org: f.org,
      url,
      referrer,
      userAgent,
      action: blocked ? 'block' : 'allow',
      ruleId: blockRule ?? (byCountry ? 'country' : null),
      ruleKind: blockRule ? 'ip-block' : byCountry ? 'country' : null,
      // Named as the blockers name them: the entry's address, the blacklisted countries' rule.
      ruleLabel: blockRule
        ? `IP block list: ${ip}`
        : byCountry
          ? 'Country Blocker (blacklist)'
          : null,
      ruleMode: byCountry ? 'blacklist' : null,
      // The engine's facts of the address and agent (no crawler claims among these agents).
      netFlags: networkFlags(f.network),
      botCategory: agentBotCategory(userAgent),
    };
  }
}
