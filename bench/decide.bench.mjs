// In-process decision benchmark: decide() against a plain Map lookup of the visitor's IP
// string, same visits, same run. Policy (the size its median ≤ 1 µs budget is set for):
// 10 000 IP rules (IPv4/IPv6 addresses and CIDR blocks), a Country Blocker with 200 countries,
// an ISP/ASN Blocker of 1 000 ASNs plus 50 ISP names, and a Bot Blocker with its seven
// categories on and 50 custom user-agent patterns (40 texts, 10 regular expressions), one rule
// per entry as the server stores them. Networks are real ones sampled from the bundled ASN data. Two visit mixes:
// "budget" (random countries, so most visits are decided by the country rule before the ASN
// matcher runs) and "ASN path" (countries the blocker does not list, so every decision goes
// through the ASN matcher and the name scan of the organisation). A third mix, "every matcher
// on", adds what the server stores for the Referrer Blocker (100 entries, a third of them
// subdomain wildcards), the Bot (VPN/Proxy) Blocker (VPN, proxy, Tor and hosting switches,
// iCloud Private Relay allowed, 5 trusted ASNs) and "Always let verified search engines in",
// with visits that carry referrers, the classifier's network flags and crawler claims in the
// proportions of a store's traffic. Also times the reference a blocked visit's block page
// shows. Prints medians; asserts nothing.
// Run: node --expose-gc --import tsx bench/decide.bench.mjs [--city]  (without --expose-gc the
// classifier's heap growth includes the feed texts' garbage)
import {
  BOT_CATEGORIES,
  CRAWLER_IDS,
  crawlerBit,
  networkBit,
  COUNTRY_CODES,
  FEEDS,
  botAgents,
  UNKNOWN_FACTS,
  buildNetworkClassifier,
  compile,
  decide,
  loadGeo,
  loadNetworkTable,
  parseFeed,
  rangeListSize,
  policyBytes,
} from '@gatehouse/engine';
import { visitReference } from '@gatehouse/contracts';

const VISITS = 100_000;
const IP_RULES = 10_000;
const ASN_RULES = 1_000;
const ISP_NAMES = 50;
const AGENT_PATTERNS = 50;
const BATCH = 100;

const withCity = process.argv.includes('--city');
const geoStart = performance.now();
const geo = await loadGeo({ city: withCity });
const geoMs = performance.now() - geoStart;

let seed = 20260601;
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const int = (n) => Math.floor(random() * n);
const v4 = () => `${1 + int(222)}.${int(256)}.${int(256)}.${int(256)}`;
const hex = () => int(65536).toString(16);
const v6 = () => `2${int(4096).toString(16).padStart(3, '0')}:${hex()}:${hex()}:${hex()}::${hex()}`;

// 10 000 IP rules: 40 % IPv4 addresses, 30 % IPv4 /16–/28 blocks, 20 % IPv6 addresses, 10 % IPv6 /32–/64 blocks.
const rules = [];
const blockedIps = [];
for (let i = 0; i < IP_RULES; i++) {
  const kind = i % 10;
  let ip;
  if (kind < 4) ip = v4();
  else if (kind < 7) {
    const prefix = 16 + int(13);
    const value =
      Math.floor(random() * 2 ** 32) - (Math.floor(random() * 2 ** 32) % 2 ** (32 - prefix));
    const base = value - (value % 2 ** (32 - prefix));
    ip = `${[24, 16, 8, 0].map((s) => Math.floor(base / 2 ** s) % 256).join('.')}/${prefix}`;
  } else if (kind < 9) ip = v6();
  else ip = `2${int(4096).toString(16).padStart(3, '0')}:${hex()}::/32`;
  if (kind < 4 || (kind >= 7 && kind < 9)) blockedIps.push(ip);
  rules.push({ id: `ip-${i}`, kind: i % 20 === 0 ? 'ip-allow' : 'ip-block', ip });
}
const countries = [...COUNTRY_CODES].slice(0, 200);
rules.push({ id: 'countries', kind: 'country', mode: 'blacklist', countries });

// Real networks: what the ASN data says for random public IPv4 addresses, one per ASN.
const networkByAsn = new Map();
for (let i = 0; i < 200_000 && networkByAsn.size < 20_000; i++) {
  const f = geo.lookup(v4());
  if (f.asn !== null && f.org !== null && !networkByAsn.has(f.asn)) networkByAsn.set(f.asn, f);
}
const networks = [...networkByAsn.values()];
const blockedNetworks = networks.slice(0, ASN_RULES);
const namedNetworks = networks.slice(ASN_RULES, ASN_RULES + ISP_NAMES);
blockedNetworks.forEach((n, i) => rules.push({ id: `asn-${i}`, kind: 'asn', asns: [n.asn] }));
// An ISP name as a merchant types it: the organisation's first word.
namedNetworks.forEach((n, i) =>
  rules.push({ id: `isp-${i}`, kind: 'asn', names: [n.org.split(/[\s,]+/)[0]] }),
);
const otherNetworks = networks.slice(ASN_RULES + ISP_NAMES);

// The Bot Blocker: every category, then the merchant's patterns, as the server stores them.
for (const category of BOT_CATEGORIES) {
  rules.push({ id: `bot-${category}`, kind: 'bot-agent', categories: [category] });
}
for (let i = 0; i < AGENT_PATTERNS; i++) {
  const regex = i % 5 === 4;
  const value = regex ? `^acme-${i}-(crawler|fetcher)/\\d+` : `shop-scraper-${i}`;
  rules.push({ id: `agent-${i}`, kind: 'bot-agent', patterns: [{ value, regex }] });
}

let compileMs = performance.now();
const compiled = compile({ appEnabled: true, rules });
compileMs = performance.now() - compileMs;
if (!compiled.ok) {
  console.error(compiled.errors.slice(0, 5));
  process.exit(1);
}
const policy = compiled.policy;

// Visits: 10 % on a listed address, the rest random IPv4 (70 %) and IPv6 (20 %); facts
// precomputed: 8 % from a blocked ASN, 2 % from a named ISP, 85 % from another network, 5 %
// unknown. The ASN-path mix is the same with countries the Country Blocker does not list.
const allCountries = [...COUNTRY_CODES];
const unlisted = allCountries.slice(200);
const pickNetwork = () => {
  const p = int(100);
  const from = p < 8 ? blockedNetworks : p < 10 ? namedNetworks : p < 95 ? otherNetworks : null;
  return from ? from[int(from.length)] : { asn: null, org: null };
};
// User agents: browser builds as shoppers' devices send them, and the listed bots.
const platforms = [
  'Windows NT 10.0; Win64; x64',
  'Macintosh; Intel Mac OS X 10_15_7',
  'X11; Linux x86_64',
  'Linux; Android 14; Pixel 8',
  'Linux; Android 13; SM-A536B',
];
const browserAgents = Array.from({ length: 400 }, (_, k) => {
  const version = `${110 + (k % 20)}.0.${5000 + int(1000)}.${int(200)}`;
  const platform = platforms[k % platforms.length];
  if (k % 4 === 3) {
    return `Mozilla/5.0 (iPhone; CPU iPhone OS 17_${k % 7} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.${k % 7} Mobile/15E148 Safari/604.1`;
  }
  return `Mozilla/5.0 (${platform}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version} Safari/537.36`;
});
const botAgentNames = botAgents().map((row) =>
  row.match === 'is' ? row.agent : `Mozilla/5.0 (compatible; ${row.agent}/1.0)`,
);
const pickAgent = () =>
  int(100) < 95
    ? browserAgents[int(browserAgents.length)]
    : botAgentNames[int(botAgentNames.length)];

const visits = [];
const facts = [];
const asnPathFacts = [];
for (let i = 0; i < VISITS; i++) {
  const pick = int(10);
  const ip = pick === 0 ? blockedIps[int(blockedIps.length)] : pick < 8 ? v4() : v6();
  visits.push({ ip, url: '/products/hat', userAgent: pickAgent() });
  const { asn, org } = pickNetwork();
  facts.push({ ...UNKNOWN_FACTS, country: allCountries[int(allCountries.length)], asn, org });
  asnPathFacts.push({ ...UNKNOWN_FACTS, country: unlisted[int(unlisted.length)], asn, org });
}
const baseline = new Map(rules.map((r) => [r.ip ?? r.id, r]));

function medianPerCall(run) {
  const samples = [];
  for (let round = 0; round < 3; round++) {
    for (let start = 0; start < VISITS; start += BATCH) {
      const t0 = process.hrtime.bigint();
      for (let i = start; i < start + BATCH; i++) run(i);
      samples.push(Number(process.hrtime.bigint() - t0) / BATCH);
    }
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)];
}

let sink = 0;
const decideOnce = (i) => {
  if (decide(policy, visits[i], facts[i]).action !== 'allow') sink++;
};
const asnPathOnce = (i) => {
  if (decide(policy, visits[i], asnPathFacts[i]).action !== 'allow') sink++;
};
const byKind = new Map();
for (let i = 0; i < VISITS; i++) {
  const kind = decide(policy, visits[i], asnPathFacts[i]).rule?.kind ?? 'none';
  byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
}
const mapOnce = (i) => {
  if (baseline.get(visits[i].ip) !== undefined) sink++;
};
// Warm both paths up before measuring.
for (let i = 0; i < VISITS; i++) {
  decideOnce(i);
  asnPathOnce(i);
  mapOnce(i);
}
const decideNs = medianPerCall(decideOnce);
const asnPathNs = medianPerCall(asnPathOnce);
const mapNs = medianPerCall(mapOnce);
// What a blocked decision adds for the shopper's block page: the visit's reference.
const START_MS = Date.UTC(2026, 10, 28);
const referenceNs = medianPerCall((i) => {
  sink += visitReference(START_MS + i, visits[i].ip).length;
});
// The same policy without the Bot Blocker, on the same visits: what the blocker adds.
const withoutBots = compile({
  appEnabled: true,
  rules: rules.filter((r) => r.kind !== 'bot-agent'),
});
const withoutBotsNs = medianPerCall((i) => {
  if (decide(withoutBots.policy, visits[i], asnPathFacts[i]).action !== 'allow') sink++;
});
// Every visit with a user agent no one has sent before: both agent caches miss. One set of
// visits per measuring round, built beforehand.
const unseenRounds = [0, 1, 2].map((round) =>
  visits.map((v, i) => ({ ...v, userAgent: `${v.userAgent} r${round}v${i}` })),
);
let unseenRound = -1;
const unseenNs = medianPerCall((i) => {
  if (i === 0) unseenRound++;
  if (decide(policy, unseenRounds[unseenRound][i], asnPathFacts[i]).action !== 'allow') sink++;
});

// Every matcher on: the budget policy plus the referrer, network and verified-crawler rules,
// on the budget mix's visits given referrers, network flags and crawler claims.
const REFERRERS = 100;
const referrerDomains = Array.from({ length: REFERRERS }, (_, k) =>
  k % 3 === 0 ? `*.spam-${k}.example` : `spam-${k}.example`,
);
const fullRules = [
  { id: 'verified-crawlers', kind: 'verified-crawler' },
  ...rules,
  ...referrerDomains.map((domain, k) => ({ id: `ref-${k}`, kind: 'referrer', domains: [domain] })),
  ...['vpn', 'proxy', 'tor', 'hosting'].map((network) => ({
    id: `net-${network}`,
    kind: 'network',
    networks: [network],
    exceptAsns: otherNetworks.slice(0, 5).map((n) => n.asn),
  })),
];
const full = compile({ appEnabled: true, rules: fullRules });
if (!full.ok) {
  console.error(full.errors.slice(0, 5));
  process.exit(1);
}
const googleBit = crawlerBit(CRAWLER_IDS[0]);
const allCrawlers = CRAWLER_IDS.reduce((mask, id) => mask | crawlerBit(id), 0);
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const fullVisits = [];
const fullFacts = [];
for (let i = 0; i < VISITS; i++) {
  const r = int(100);
  // 60 % no referrer, 35 % an unlisted site, 5 % a listed one (a subdomain for a wildcard).
  const k = int(REFERRERS);
  const referrer =
    r < 60
      ? undefined
      : r < 95
        ? `https://www.site-${int(5000)}.example/page`
        : `https://${k % 3 === 0 ? `m.spam-${k}.example` : `spam-${k}.example`}/`;
  // 1 % claim Googlebot: half from Google's ranges (verified), half from elsewhere (fake).
  const claimsGoogle = int(100) === 0;
  const verified = claimsGoogle && int(2) === 0;
  fullVisits.push({
    ...visits[i],
    referrer,
    userAgent: claimsGoogle ? GOOGLEBOT : visits[i].userAgent,
  });
  // Network flags as the classifier finds them in store traffic: 4 % hosting, 1 % VPN,
  // 0.3 % Tor, 0.2 % proxy, 2 % iCloud Private Relay.
  const n = int(1000);
  const network =
    n < 40
      ? networkBit('hosting')
      : n < 50
        ? networkBit('vpn')
        : n < 53
          ? networkBit('tor')
          : n < 55
            ? networkBit('proxy')
            : n < 75
              ? networkBit('privateRelay')
              : 0;
  fullFacts.push({
    ...facts[i],
    network,
    crawlers: verified ? googleBit : 0,
    crawlersKnown: allCrawlers,
  });
}
for (let i = 0; i < VISITS; i++) decide(full.policy, fullVisits[i], fullFacts[i]);
const fullNs = medianPerCall((i) => {
  if (decide(full.policy, fullVisits[i], fullFacts[i]).action !== 'allow') sink++;
});
// The same on the ASN path (no country rule decides first): every matcher runs.
const fullAsnFacts = fullFacts.map((f, i) => ({ ...f, country: asnPathFacts[i].country }));
for (let i = 0; i < VISITS; i++) decide(full.policy, fullVisits[i], fullAsnFacts[i]);
const fullAsnNs = medianPerCall((i) => {
  if (decide(full.policy, fullVisits[i], fullAsnFacts[i]).action !== 'allow') sink++;
});
const fullByKind = new Map();
for (let i = 0; i < VISITS; i++) {
  const kind = decide(full.policy, fullVisits[i], fullFacts[i]).rule?.kind ?? 'none';
  fullByKind.set(kind, (fullByKind.get(kind) ?? 0) + 1);
}

const mb = (bytes) => `${(bytes / 1048576).toFixed(1)} MB`;
const memory = geo.memoryUsage();

console.log(
  `policy: ${rules.length} rules (${IP_RULES} IP, 200 countries, ${ASN_RULES} ASNs, ${ISP_NAMES} ISP names, ${BOT_CATEGORIES.length} bot categories, ${AGENT_PATTERNS} user-agent patterns)`,
);
console.log(`compile: ${compileMs.toFixed(0)} ms, index ${mb(policyBytes(policy))}`);
console.log(`decide(), budget mix: median ${decideNs.toFixed(0)} ns/call`);
console.log(`decide(), ASN path: median ${asnPathNs.toFixed(0)} ns/call`);
console.log(`visitReference() of a blocked visit: median ${referenceNs.toFixed(0)} ns/call`);
console.log(
  `  ASN path decided by: ${[...byKind].map(([k, n]) => `${k} ${((n * 100) / VISITS).toFixed(1)} %`).join(', ')}`,
);
console.log(
  `decide(), ASN path, without the Bot Blocker: median ${withoutBotsNs.toFixed(0)} ns/call`,
);
console.log(`decide(), ASN path, every user agent unseen: median ${unseenNs.toFixed(0)} ns/call`);
console.log(
  `decide(), every matcher on (+${REFERRERS} referrers, VPN/proxy/Tor/hosting, verified crawlers): median ${fullNs.toFixed(0)} ns/call`,
);
console.log(`decide(), every matcher on, ASN path: median ${fullAsnNs.toFixed(0)} ns/call`);
console.log(
  `  decided by: ${[...fullByKind].map(([k, n]) => `${k} ${((n * 100) / VISITS).toFixed(1)} %`).join(', ')}`,
);
console.log(`Map.get(ip) baseline: median ${mapNs.toFixed(0)} ns/call`);
console.log(`ratio decide / baseline: ${(decideNs / mapNs).toFixed(2)}`);
console.log(
  `geo load (${withCity ? 'with' : 'without'} city): ${geoMs.toFixed(0)} ms ` +
    `(country ${geo.loadTimes.country} ms, asn ${geo.loadTimes.asn} ms, city ${geo.loadTimes.city} ms)`,
);
console.log(
  `geo memory: country ${mb(memory.country)}, asn ${mb(memory.asn)}, city ${mb(memory.city)}, total ${mb(memory.total)}`,
);
console.log(`(blocked or redirected in the runs: ${sink})`);

// Network classification: the curated table, the organisation rules and feeds the size of the
// publishers' (Private Relay ~300 000 ranges, Tor ~2 000 exits, crawlers ~1 000 ranges), made
// up here from random addresses. Load time, memory, and a classified lookup against a plain one.
{
  // With --expose-gc the heap is measured after collections, so it counts what the
  // classifier keeps, not the feed texts' garbage.
  globalThis.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  const table = loadNetworkTable();
  const feed = (name, body) => {
    const definition = FEEDS.find((f) => f.name === name);
    return { definition, ranges: parseFeed(definition.format, body) };
  };
  const lines = (n, make) => Array.from({ length: n }, (_, k) => make(k)).join('\n');
  // Distinct blocks spread over the address space: k times an odd constant is a bijection mod 2^32.
  const block = (k, size) => {
    const base = (Math.imul(k + 1, 0x9e3779b1) >>> 0) & ~(size - 1);
    return [24, 16, 8, 0].map((s) => (base >>> s) & 255).join('.');
  };
  const feedStart = performance.now();
  const feeds = [
    feed(
      'icloud-private-relay',
      lines(300_000, (k) => `${block(k, 16)}/28,US,US-CA,Los Angeles,`),
    ),
    feed(
      'tor-exits',
      lines(2_000, (k) => block(k + 300_000, 1)),
    ),
    feed(
      'googlebot',
      JSON.stringify({
        prefixes: Array.from({ length: 1_000 }, (_, k) => ({
          ipv4Prefix: `${block(k + 302_000, 32)}/27`,
        })),
      }),
    ),
  ];
  const parseMs = performance.now() - feedStart;
  const classifier = buildNetworkClassifier(table, feeds);
  const buildMs = performance.now() - started;
  globalThis.gc?.();
  const heapMB = (process.memoryUsage().heapUsed - heapBefore) / 1048576;
  const plain = await loadGeo({ city: false, cacheSize: 0 });
  const classified = await loadGeo({ city: false, cacheSize: 0, classifier });
  const ips = Array.from({ length: VISITS }, v4);
  let flagged = 0;
  const plainNs = medianPerCall((n) => plain.lookup(ips[n]));
  const classifiedNs = medianPerCall((n) => {
    if (classified.lookup(ips[n]).network !== 0) flagged += 1;
  });
  console.log(
    `network classification: ${table.length} listed networks, feeds ${feeds.map((f) => `${f.definition.name} ${rangeListSize(f.ranges)}`).join(', ')}`,
  );
  console.log(
    `  load: ${buildMs.toFixed(0)} ms (feed parsing ${parseMs.toFixed(0)} ms), index ${mb(classifier.bytes())}, heap growth ${heapMB.toFixed(1)} MB${globalThis.gc ? ' (after GC)' : ' (no GC: run with --expose-gc)'}`,
  );
  console.log(
    `  uncached geo lookup: median ${plainNs.toFixed(0)} ns plain, ${classifiedNs.toFixed(0)} ns classified (${flagged} flagged)`,
  );
}
