// A local stand-in for the DNS the crawler check asks: reverse (PTR) and forward (A, AAAA)
// records given by the test, ENOTFOUND for any other name, and the questions it was asked. A
// record can be held back (`hold`) to answer only when released, or never.
import type { CrawlerResolver } from '../../src/protection/crawler-dns.js';

export interface StandInRecords {
  ptr?: Record<string, string[]>;
  a?: Record<string, string[]>;
  aaaa?: Record<string, string[]>;
}

export interface StandInResolver extends CrawlerResolver {
  asked: string[];
  /** Questions (e.g. `ptr 1.2.3.4`) that wait until `release` is called. */
  hold: Set<string>;
  release(): void;
}

/** Googlebot's documented name for an address of its published ranges (tests' default). */
export const GOOGLEBOT_RECORDS: StandInRecords = {
  ptr: { '66.249.66.1': ['crawl-66-249-66-1.googlebot.com'] },
  a: { 'crawl-66-249-66-1.googlebot.com': ['66.249.66.1'] },
};

export function standInResolver(records: StandInRecords = GOOGLEBOT_RECORDS): StandInResolver {
  const asked: string[] = [];
  const hold = new Set<string>();
  let waiting: (() => void)[] = [];
  const answer = async (
    question: string,
    table: Record<string, string[]> | undefined,
    key: string,
  ) => {
    asked.push(question);
    if (hold.has(question)) await new Promise<void>((resolve) => waiting.push(resolve));
    const found = table?.[key];
    if (found) return found;
    throw Object.assign(new Error(`queryNotFound ${key}`), { code: 'ENOTFOUND' });
  };
  return {
    asked,
    hold,
    release() {
      hold.clear();
      const all = waiting;
      waiting = [];
      for (const resolve of all) resolve();
    },
    reverse: (ip) => answer(`ptr ${ip}`, records.ptr, ip),
    resolve4: (name) => answer(`a ${name}`, records.a, name),
    resolve6: (name) => answer(`aaaa ${name}`, records.aaaa, name),
  };
}
