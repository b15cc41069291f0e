import { describe, expect, it } from 'vitest';
import { checkCrawler, claimedCrawler, crawlerBit } from './crawlers.js';

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

  it('is verified from its network, fake from elsewhere, unverified when it cannot be checked', () => {
    const google = crawlerBit('google');
    expect(checkCrawler('google', google, google)).toBe('verified');
    expect(checkCrawler('google', 0, google)).toBe('fake');
    expect(checkCrawler('google', 0, 0)).toBe('unverified');
  });
});
