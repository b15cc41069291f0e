import { describe, expect, it } from 'vitest';
import { checkCrawler, claimedCrawler, crawlerBit, crawlerNeedsDns } from './crawlers.js';

describe('claimed crawlers', () => {
  it.each([
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'google'],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/131.0.0.0 Safari/537.36',
      'google',
    ],
    ['Mozilla/5.0 (compatible; Storebot-Google/1.0)', 'google'],
    ['Mozilla/5.0 (compatible; Google-InspectionTool/1.0;)', 'google'],
    ['AdsBot-Google (+http://www.google.com/adsbot.html)', 'google'],
    ['Mediapartners-Google', 'google'],
    ['Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', 'bing'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)',
      'apple',
    ],
    ['DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)', 'duckduckgo'],
    ['Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)', 'yandex'],
    [
      'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)',
      'baidu',
    ],
  ])('reads %s', (agent, id) => {
    expect(claimedCrawler(agent)).toBe(id);
  });

  it.each([
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
    '',
  ])('claims nothing for %s', (agent) => {
    expect(claimedCrawler(agent)).toBeNull();
  });

  const google = crawlerBit('google');
  const bing = crawlerBit('bing');
  const facts = (crawlers: number, crawlersKnown: number, crawlerLists: number) => ({
    crawlers,
    crawlersKnown,
    crawlerLists,
  });

  it('is verified in its published ranges and fake outside them, whatever DNS says', () => {
    const listed = facts(google, google, google);
    expect(checkCrawler('google', listed)).toBe('verified');
    expect(checkCrawler('google', facts(0, google, google))).toBe('fake');
    expect(
      checkCrawler('google', facts(0, google, google), { crawler: 'google', check: 'verified' }),
    ).toBe('fake');
    expect(crawlerNeedsDns('google', listed)).toBe(false);
  });

  it('without its list, is a fake at once outside its engine’s own networks', () => {
    const outside = facts(0, bing, 0);
    expect(checkCrawler('bing', outside)).toBe('fake');
    expect(crawlerNeedsDns('bing', outside)).toBe(false);
  });

  it('without its list, inside its engine’s networks, is judged by its DNS answer once there', () => {
    const inside = facts(bing, bing, 0);
    expect(crawlerNeedsDns('bing', inside)).toBe(true);
    expect(checkCrawler('bing', inside, { crawler: 'bing', check: 'fake' })).toBe('fake');
    expect(checkCrawler('bing', inside, { crawler: 'bing', check: 'verified' })).toBe('verified');
    // An answer about another crawler says nothing of this one.
    expect(checkCrawler('bing', inside, { crawler: 'google', check: 'fake' })).toBe('verified');
    // While the answer is pending, the engine's own network lets it pass.
    expect(checkCrawler('bing', inside)).toBe('verified');
  });

  it('is unverified where no network can tell, until DNS confirms it', () => {
    expect(checkCrawler('google', facts(0, 0, 0))).toBe('unverified');
    expect(crawlerNeedsDns('google', facts(0, 0, 0))).toBe(true);
    expect(checkCrawler('google', facts(0, 0, 0), { crawler: 'google', check: 'verified' })).toBe(
      'verified',
    );
    // DuckDuckBot documents no reverse DNS: only its list can verify it.
    expect(crawlerNeedsDns('duckduckgo', facts(0, 0, 0))).toBe(false);
    expect(checkCrawler('duckduckgo', facts(0, 0, 0))).toBe('unverified');
  });
});
