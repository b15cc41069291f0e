// Confirms a claimed search-engine crawler by the engine's documented reverse DNS while its
// address list is missing: the address's name (PTR) must lie in one of the engine's own
// domains, and that name must resolve (A/AAAA) back to the address. Lookups run off the
// decision's path: `answer` gives the remembered answer at once or starts the lookup and gives
// nothing (the engine then judges the claim by its network alone), `check` waits for it (the
// IP lookup). Every lookup has a time-out; answers are remembered for hours, failures for a
// minute, and at most `maxPending` lookups run at once (the rest are counted and skipped).
// An answer past its time is still given while it is asked again, and kept when that asking
// fails: a fake crawler found out once is not let in again each time its answer ages.
import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';
import {
  claimedCrawler,
  crawlerDnsDomains,
  crawlerNeedsDns,
  type CrawlerDnsAnswer,
  type CrawlerId,
  type GeoFacts,
} from '@gatehouse/engine';
import { LRUCache } from 'lru-cache';

/** The three questions asked; node's `dns.promises.Resolver` answers them. */
export interface CrawlerResolver {
  reverse(ip: string): Promise<string[]>;
  resolve4(name: string): Promise<string[]>;
  resolve6(name: string): Promise<string[]>;
}

export interface CrawlerDnsOptions {
  resolver?: CrawlerResolver;
  /** The DNS servers the system's resolver asks instead of the system's own (when no resolver). */
  servers?: string[];
  timeoutMs?: number;
  answerTtlMs?: number;
  failureTtlMs?: number;
  maxPending?: number;
  cacheSize?: number;
  log: { warn(obj: object, msg: string): void };
}

export interface CrawlerDns {
  /** The remembered answer, or undefined while none is (a lookup is then started). */
  answer(crawler: CrawlerId, ip: string): CrawlerDnsAnswer | undefined;
  /** The answer, waiting for the lookup; undefined when it failed or timed out. */
  check(crawler: CrawlerId, ip: string): Promise<CrawlerDnsAnswer | undefined>;
  /** Lookups skipped because `maxPending` were under way. */
  readonly skipped: number;
}

const HOUR_MS = 60 * 60 * 1000;

class DnsTimeout extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DnsTimeout(`no DNS answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The address in the form `resolve4`/`resolve6` answer it, for comparison. */
function sameAddress(a: string, b: string): boolean {
  if (isIP(a) === 4) return a === b;
  const expand = (ip: string) => {
    const [head = '', tail = ''] = ip.toLowerCase().split('::');
    const h = head ? head.split(':') : [];
    const t = tail ? tail.split(':') : [];
    const fill = ip.includes('::') ? Array(8 - h.length - t.length).fill('0') : [];
    return [...h, ...fill, ...t].map((w) => w.replace(/^0+(?=.)/, '')).join(':');
  };
  return expand(a) === expand(b);
}

function inDomains(host: string, domains: readonly string[]): boolean {
  return domains.some((d) => host.endsWith(`.${d}`));
}

function systemResolver(timeoutMs: number, servers: string[]): CrawlerResolver {
  const resolver = new Resolver({ timeout: Math.max(100, timeoutMs / 2), tries: 1 });
  if (servers.length > 0) resolver.setServers(servers);
  return resolver;
}

export function createCrawlerDns(options: CrawlerDnsOptions): CrawlerDns {
  const timeoutMs = options.timeoutMs ?? 2_000;
  const resolver = options.resolver ?? systemResolver(timeoutMs, options.servers ?? []);
  const answerTtl = options.answerTtlMs ?? 6 * HOUR_MS;
  const failureTtl = options.failureTtlMs ?? 60_000;
  const maxPending = options.maxPending ?? 64;
  // A failed lookup is remembered as false, so it is not asked again at once.
  const cache = new LRUCache<string, CrawlerDnsAnswer | false>({
    max: options.cacheSize ?? 20_000,
    ttl: answerTtl,
    // An aged answer stays until a new one replaces it (see `remembered`).
    noDeleteOnStaleGet: true,
  });
  const pending = new Map<string, Promise<CrawlerDnsAnswer | undefined>>();
  let skipped = 0;

  async function confirm(crawler: CrawlerId, ip: string): Promise<CrawlerDnsAnswer> {
    const domains = crawlerDnsDomains(crawler);
    const fake: CrawlerDnsAnswer = { crawler, check: 'fake' };
    let names: string[];
    try {
      names = await withTimeout(resolver.reverse(ip), timeoutMs);
    } catch (error) {
      // No name at all is an answer: the engine's crawlers all have one.
      if ((error as { code?: string }).code === 'ENOTFOUND') return fake;
      throw error;
    }
    // Names may come fully qualified ("host.example.com."); compared and asked without the dot.
    const name = names
      .map((n) => n.toLowerCase().replace(/\.$/, ''))
      .find((n) => inDomains(n, domains));
    if (name === undefined) return fake;
    const forward = isIP(ip) === 4 ? resolver.resolve4(name) : resolver.resolve6(name);
    let addresses: string[];
    try {
      addresses = await withTimeout(forward, timeoutMs);
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOTFOUND') return fake;
      throw error;
    }
    return addresses.some((a) => sameAddress(a, ip)) ? { crawler, check: 'verified' } : fake;
  }

  /** What is remembered for the key, however old. */
  const remembered = (key: string) => cache.get(key, { allowStale: true });

  function lookup(crawler: CrawlerId, ip: string): Promise<CrawlerDnsAnswer | undefined> {
    const key = `${crawler} ${ip}`;
    const running = pending.get(key);
    if (running) return running;
    if (pending.size >= maxPending) {
      skipped++;
      if (skipped % 1000 === 1) {
        options.log.warn({ skipped }, 'crawler DNS checks skipped: too many under way');
      }
      return Promise.resolve(undefined);
    }
    const started = confirm(crawler, ip)
      .then((answer) => {
        cache.set(key, answer);
        return answer;
      })
      .catch((error: unknown) => {
        cache.set(key, remembered(key) ?? false, { ttl: failureTtl });
        options.log.warn({ err: error, crawler, ip }, 'crawler DNS check failed');
        return undefined;
      })
      .finally(() => pending.delete(key));
    pending.set(key, started);
    return started;
  }

  return {
    answer(crawler, ip) {
      const key = `${crawler} ${ip}`;
      const known = remembered(key);
      if (known === undefined || cache.getRemainingTTL(key) <= 0) void lookup(crawler, ip);
      return known || undefined;
    },
    async check(crawler, ip) {
      const known = cache.get(`${crawler} ${ip}`);
      if (known !== undefined) return known || undefined;
      return lookup(crawler, ip);
    },
    get skipped() {
      return skipped;
    },
  };
}

/**
 * The visit's DNS answer for the crawler its agent claims, when the crawler's list is missing
 * and the answer is known; a lookup is started when it is not. Nothing for the visitors who
 * claim no crawler (one remembered test of the agent).
 */
export function crawlerDnsOf(
  dns: CrawlerDns,
  userAgent: string,
  ip: string,
  facts: GeoFacts,
): { crawlerDns?: CrawlerDnsAnswer } {
  const claimed = claimedCrawler(userAgent);
  if (claimed === null || !crawlerNeedsDns(claimed, facts)) return {};
  const answer = dns.answer(claimed, ip);
  return answer ? { crawlerDns: answer } : {};
}

/** The same, waiting for the lookup (the IP lookup, not the storefront's decision). */
export async function crawlerDnsChecked(
  dns: CrawlerDns,
  userAgent: string,
  ip: string,
  facts: GeoFacts,
): Promise<{ crawlerDns?: CrawlerDnsAnswer }> {
  const claimed = claimedCrawler(userAgent);
  if (claimed === null || !crawlerNeedsDns(claimed, facts)) return {};
  const answer = await dns.check(claimed, ip);
  return answer ? { crawlerDns: answer } : {};
}
