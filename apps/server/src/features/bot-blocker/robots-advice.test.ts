import { describe, expect, it } from 'vitest';
import { robotsAdvice, robotsLiquid, type RobotsCrawler } from './robots-advice.js';

const ORIGIN = 'https://acme.myshopify.com';
const GPTBOT: RobotsCrawler = { agent: 'GPTBot', owner: 'OpenAI', category: 'ai-crawlers' };
const CCBOT: RobotsCrawler = { agent: 'CCBot', owner: 'Common Crawl', category: 'ai-crawlers' };
const ALL = { home: true, collection: true, product: true };
const NONE = { home: false, collection: false, product: false };

/** The rules every store's default file gives all crawlers, shortened. */
const SHOPIFY_DEFAULT = `User-agent: *
Disallow: /admin
Disallow: /cart
Disallow: /checkouts/
Disallow: /collections/*sort_by*
Disallow: /*preview_theme_id*
Disallow: /policies/
Disallow: /search
Sitemap: ${ORIGIN}/sitemap.xml

User-agent: adsbot-google
Disallow: /checkouts/

User-agent: Nutch
Disallow: /
`;

const pagesOf = (text: string | null, crawlers = [GPTBOT, CCBOT]) =>
  Object.fromEntries(robotsAdvice(ORIGIN, text, crawlers).crawlers.map((c) => [c.agent, c.pages]));

describe('the robots.txt advice', () => {
  it("reads the default file as letting every AI crawler read the store's pages", () => {
    expect(pagesOf(SHOPIFY_DEFAULT)).toEqual({ GPTBot: ALL, CCBot: ALL });
    const advice = robotsAdvice(ORIGIN, SHOPIFY_DEFAULT, [GPTBOT, CCBOT]);
    expect(advice.liquid).toContain('{% for group in robots.default_groups %}');
    expect(advice.liquid).toContain('User-agent: GPTBot\nDisallow: /');
    expect(advice.liquid).toContain('User-agent: CCBot\nDisallow: /');
  });

  it("reads a crawler's own group, whatever its case, and leaves it out of the lines", () => {
    const text = `${SHOPIFY_DEFAULT}\nUser-agent: gptbot\nDisallow: /\n`;
    expect(pagesOf(text)).toEqual({ GPTBot: NONE, CCBot: ALL });
    const liquid = robotsAdvice(ORIGIN, text, [GPTBOT, CCBOT]).liquid;
    expect(liquid).not.toContain('GPTBot');
    expect(liquid).toContain('User-agent: CCBot');
  });

  it('reads a wildcard group that keeps every crawler out', () => {
    const text = 'User-agent: *\nDisallow: /\n';
    expect(pagesOf(text)).toEqual({ GPTBot: NONE, CCBot: NONE });
    expect(robotsAdvice(ORIGIN, text, [GPTBOT, CCBOT]).liquid).toBeNull();
  });

  it("lets a crawler's own group open what the wildcard group closes", () => {
    const text = 'User-agent: *\nDisallow: /\n\nUser-agent: GPTBot\nAllow: /\n';
    expect(pagesOf(text)).toEqual({ GPTBot: ALL, CCBot: NONE });
    expect(robotsAdvice(ORIGIN, text, [GPTBOT, CCBOT]).liquid).toContain('User-agent: GPTBot');
  });

  it('counts a crawler kept out of only some pages as still reading the store', () => {
    const text = 'User-agent: GPTBot\nDisallow: /products/\n';
    expect(pagesOf(text, [GPTBOT])).toEqual({
      GPTBot: { home: true, collection: true, product: false },
    });
    expect(robotsAdvice(ORIGIN, text, [GPTBOT]).liquid).toContain('User-agent: GPTBot');
  });

  it('reads an empty file as allowing everything', () => {
    expect(pagesOf('')).toEqual({ GPTBot: ALL, CCBot: ALL });
  });

  it('calls no page allowed or disallowed when the file could not be read', () => {
    const advice = robotsAdvice(ORIGIN, null, [GPTBOT]);
    expect(advice.crawlers).toEqual([{ ...GPTBOT, pages: null }]);
    expect(advice.liquid).toContain('User-agent: GPTBot\nDisallow: /');
  });

  it('gives no template when no crawler is blocked', () => {
    expect(robotsLiquid([])).toBeNull();
    expect(robotsAdvice(ORIGIN, SHOPIFY_DEFAULT, []).liquid).toBeNull();
  });

  it('keeps the default groups in front of the added ones', () => {
    const liquid = robotsLiquid(['GPTBot'])!;
    expect(liquid.indexOf('{% endfor %}')).toBeLessThan(liquid.indexOf('User-agent: GPTBot'));
  });
});
