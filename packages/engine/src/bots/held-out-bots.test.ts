// The categories judged against user agents they were not built from, from packages under
// permissive licences (never copied into the repository):
// - woothee's test sets (Apache-2.0): real user agents with woothee's own category for each:
//   crawlers, HTTP libraries and feed readers ("misc"), and browsers of computers, phones and
//   appliances;
// - is-ua-webview's samples (ISC): app web views (in-app browsers) and ordinary browsers.
// Neither names AI agents by purpose; those are judged against another list in
// held-out-ai-purposes.test.ts.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { agentCategories } from './agent-categories.js';

const require = createRequire(import.meta.url);

interface Sample {
  target: string;
  name: string;
  category: string;
}

const testsets = join(dirname(require.resolve('woothee/package.json')), 'woothee', 'testsets');
const woothee: Sample[] = readdirSync(testsets)
  .filter((file) => file.endsWith('.yaml'))
  .flatMap((file) => (parse(readFileSync(join(testsets, file), 'utf8')) ?? []) as Sample[])
  .filter((sample) => typeof sample.target === 'string' && sample.target.trim() !== '');

/** Whether a user agent is seen as a bot: in a category, a good bot or a claimed crawler. */
const seen = (agent: string) => {
  const found = agentCategories(agent);
  return found.bits !== 0 || found.goodBot !== null || found.crawler !== null;
};

describe('a held-out corpus of crawlers, tools and browsers', () => {
  const of = (...categories: string[]) => woothee.filter((s) => categories.includes(s.category));

  it('holds crawlers, HTTP libraries and feed readers, and browsers of every kind', () => {
    expect(of('crawler').length).toBeGreaterThanOrEqual(70);
    expect(of('misc').length).toBeGreaterThanOrEqual(30);
    expect(of('pc', 'smartphone', 'mobilephone', 'appliance').length).toBeGreaterThanOrEqual(100);
  });

  it('sees every crawler', () => {
    expect(
      of('crawler')
        .filter((s) => !seen(s.target))
        .map((s) => s.target),
    ).toEqual([]);
  });

  it('sees every HTTP library, feed reader and other tool', () => {
    expect(
      of('misc')
        .filter((s) => !seen(s.target))
        .map((s) => s.target),
    ).toEqual([]);
  });

  it('takes no browser for a bot but the few that are not a person at a browser, and three of the 2000s', () => {
    const caught = of('pc', 'smartphone', 'mobilephone', 'appliance')
      .filter((s) => seen(s.target))
      .map((s) => s.target);
    expect(caught.sort()).toEqual(
      [
        // Servers that fetch or rewrite pages for someone: an aggregator's crawler, two
        // transcoding proxies of mobile networks, a read-it-later service and a feed reader.
        'Mozilla/5.0 (Windows; U; Windows NT 6.0; en-US; aggregator VocusBot 0.4; +http://www.vocus.com/vnhs.html)',
        'Mozilla/5.0 (en-us) AppleWebKit/534.14 (KHTML, like Gecko; Google Wireless Transcoder) Chrome/9.0.597 Safari/534.14',
        'Mozilla/5.0 (compatible; livedoor-Mobile-Gateway/0.02; +http://p.m.livedoor.com/help.html)',
        'Mozilla/5.0 (compatible; DoCoMo/1.0/D505i/c20/TB/W20H10; http://www.rcdtokyo.com/pc2m/)',
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_6_8) AppleWebKit/534.50 (KHTML, like Gecko) Version/5.1 Instapaper/4.0 (+http://www.instapaper.com/)',
        'Girls/2.0 (livedoor Co.,Ltd.; Peachy 2.1; iPhone; RSS Version 2.0; +http://girls.livedoor.com/)',
        // Browsers no shopper has used since the 2000s: Internet Explorer 8 with a toolbar's
        // token, Sleipnir 2 and a WILLCOM handset. Known misses, kept visible here.
        'Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 5.1; Trident/4.0; 2004/11/08; GoogleT5; .NET CLR 1.1.4322; .NET CLR 2.0.50727; InfoPath.1; .NET CLR 3.0.4506.2152; .NET CLR 3.5.30729)',
        'Sleipnir/2.9.9',
        'Mozilla/3.0(DDIPOCKET;JRC/AH-J3001V,AH-J3002V/1.0/0100/c50)CNF/2.0',
      ].sort(),
    );
  });
});

describe('a held-out corpus of in-app browsers', () => {
  const webViews = require('is-ua-webview/test/data/webview.js') as string[];
  const browsers = require('is-ua-webview/test/data/not-webview.js') as string[];

  it('holds the Facebook app’s browsers on Android and iOS among the app web views', () => {
    expect(webViews.some((ua) => ua.includes('FB_IAB/FB4A'))).toBe(true);
    expect(webViews.some((ua) => ua.includes('FBAN/FBIOS'))).toBe(true);
  });

  it('is never caught by a category, taken for a good bot or a crawler', () => {
    const caught = [...webViews, ...browsers].filter((ua) => {
      const found = agentCategories(ua);
      return found.bits !== 0 || found.goodBot !== null || found.crawler !== null;
    });
    expect(caught).toEqual([]);
  });
});
