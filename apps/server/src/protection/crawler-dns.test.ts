import { describe, expect, it } from 'vitest';
import { createCrawlerDns, type CrawlerResolver } from './crawler-dns.js';

const log = { warn: () => {} };
const notFound = () => Promise.reject(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }));

function resolver(over: Partial<CrawlerResolver> = {}): CrawlerResolver & { calls: number } {
  const r = {
    calls: 0,
    reverse: async (ip: string) => {
      r.calls++;
      return ip === '66.249.66.1' ? ['crawl-66-249-66-1.googlebot.com.'] : notFound();
    },
    resolve4: async (name: string) =>
      name === 'crawl-66-249-66-1.googlebot.com' ? ['66.249.66.1'] : notFound(),
    resolve6: async () => notFound(),
    ...over,
  };
  return r;
}

describe('the crawler DNS check', () => {
  it('verifies a name in the engine’s domains that resolves back to the address', async () => {
    const dns = createCrawlerDns({ resolver: resolver(), log });
    expect(await dns.check('google', '66.249.66.1')).toEqual({
      crawler: 'google',
      check: 'verified',
    });
  });

  it('calls it fake when the name is another domain’s, or points elsewhere, or is missing', async () => {
    const other = createCrawlerDns({
      resolver: resolver({ reverse: async () => ['googlebot.com.evil.example'] }),
      log,
    });
    expect((await other.check('google', '66.249.66.1'))?.check).toBe('fake');
    const elsewhere = createCrawlerDns({
      resolver: resolver({ resolve4: async () => ['203.0.113.9'] }),
      log,
    });
    expect((await elsewhere.check('google', '66.249.66.1'))?.check).toBe('fake');
    const none = createCrawlerDns({ resolver: resolver(), log });
    expect((await none.check('bing', '13.64.0.1'))?.check).toBe('fake');
  });

  it('compares IPv6 answers in any spelling', async () => {
    const dns = createCrawlerDns({
      resolver: resolver({
        reverse: async () => ['crawl.googlebot.com'],
        resolve6: async () => ['2001:4860:4801:10:0:0:0:1'],
      }),
      log,
    });
    expect((await dns.check('google', '2001:4860:4801:10::1'))?.check).toBe('verified');
  });

  it('gives no answer when DNS does not answer in time, and asks again only after a while', async () => {
    const silent = resolver();
    silent.reverse = () => {
      silent.calls++;
      return new Promise<string[]>(() => {});
    };
    const dns = createCrawlerDns({ resolver: silent, timeoutMs: 50, log });
    expect(await dns.check('google', '66.249.66.1')).toBeUndefined();
    expect(dns.answer('google', '66.249.66.1')).toBeUndefined();
    expect(silent.calls).toBe(1);
  });

  it('remembers answers, asks once for visits that come together, and starts lookups off the path', async () => {
    const r = resolver();
    const dns = createCrawlerDns({ resolver: r, log });
    expect(dns.answer('google', '66.249.66.1')).toBeUndefined();
    const [a, b] = await Promise.all([
      dns.check('google', '66.249.66.1'),
      dns.check('google', '66.249.66.1'),
    ]);
    expect(a).toEqual(b);
    expect(dns.answer('google', '66.249.66.1')?.check).toBe('verified');
    expect(r.calls).toBe(1);
  });

  it('keeps giving an aged answer while it asks again, and keeps it when asking fails', async () => {
    const r = resolver();
    const dns = createCrawlerDns({ resolver: r, answerTtlMs: 20, log });
    const ip = '13.64.0.1';
    expect(await dns.check('bing', ip)).toEqual({ crawler: 'bing', check: 'fake' });
    let fail: (error: Error) => void = () => {};
    r.reverse = () => {
      r.calls++;
      return new Promise((_, reject) => (fail = reject));
    };
    // Once the answer has aged, a visit starts asking again and is given the old answer.
    const given = new Set<string | undefined>();
    await expect
      .poll(() => {
        given.add(dns.answer('bing', ip)?.check);
        return r.calls;
      })
      .toBe(2);
    expect([...given]).toEqual(['fake']);
    // DNS does not answer: the fake crawler stays fake.
    const asked = dns.check('bing', ip);
    fail(new Error('no answer'));
    expect(await asked).toBeUndefined();
    expect(dns.answer('bing', ip)).toEqual({ crawler: 'bing', check: 'fake' });
  });

  it('skips and counts lookups beyond its bound', async () => {
    const dns = createCrawlerDns({
      resolver: resolver({ reverse: () => new Promise<string[]>(() => {}) }),
      timeoutMs: 10_000,
      maxPending: 1,
      log,
    });
    expect(dns.answer('google', '66.249.66.1')).toBeUndefined();
    expect(dns.answer('google', '66.249.66.2')).toBeUndefined();
    expect(dns.skipped).toBe(1);
  });
});
