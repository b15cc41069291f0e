import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { UNKNOWN_FACTS, type GeoFacts } from '../geo/geo-facts.js';
import { compile } from '../policy/compile.js';
import { decide } from '../policy/decide.js';
import { landingUrl, onTarget, readTarget } from './redirect-target.js';

const redirect = (id: string, url: string, countries: string[], more: object = {}) => ({
  id,
  kind: 'geo-redirect',
  url,
  countries,
  ...more,
});

function refusal(...rules: object[]): string | undefined {
  const result = compile({ appEnabled: true, rules });
  return result.ok ? undefined : result.errors[0]?.message;
}

describe('geolocation redirects: what compile() refuses', () => {
  it.each([
    ['a plain http target', redirect('g', 'http://example.de', ['DE']), /full https:\/\/ address/],
    ['a target that is no address', redirect('g', 'example.de', ['DE']), /full https:\/\//],
    ['a target with credentials', redirect('g', 'https://a:b@example.de', ['DE']), /https:\/\//],
    ['no countries and no continents', redirect('g', 'https://example.de', []), /at least one/],
    ['an unknown country', redirect('g', 'https://example.de', ['XX']), /"XX" is not a country/],
    [
      'an unknown continent',
      redirect('g', 'https://example.de', [], { continents: ['ZZ'] }),
      /"ZZ" is not a continent/,
    ],
    [
      'a prompt flag that is no country',
      redirect('g', 'https://example.de', ['DE'], {
        prompt: { title: 't', text: 'x', accept: 'a', decline: 'd', flag: 'QQ' },
      }),
      /prompt's flag/,
    ],
  ])('%s', (_name, rule, message) => {
    expect(refusal(rule)).toMatch(message);
  });

  it('refuses more than 100 rules', () => {
    const rules = Array.from({ length: 500 }, (_, i) =>
      redirect(`g${i}`, 'https://example.com', ['DE']),
    );
    expect(refusal(...rules.slice(0, 100))).toBeUndefined();
    expect(refusal(...rules)).toBe('Geolocation Redirects holds at most 100 rules.');
  });

  it('accepts the more specific rule above the wider one (Germany, then Europe)', () => {
    expect(
      refusal(
        redirect('g1', 'https://example.de', ['DE']),
        redirect('g2', 'https://example.eu', [], { continents: ['EU'] }),
      ),
    ).toBeUndefined();
  });

  it('accepts two rules for one country when the first covers the second target', () => {
    // On example.eu/de the German visitor is on both targets: nowhere further to go.
    expect(
      refusal(
        redirect('g1', 'https://example.eu', ['DE']),
        redirect('g2', 'https://example.eu/de', ['DE']),
      ),
    ).toBeUndefined();
    expect(
      refusal(
        redirect('g1', 'https://example.de', ['DE']),
        redirect('g2', 'https://example.eu', ['FR', 'IT']),
      ),
    ).toBeUndefined();
  });
});

describe('geolocation redirects: where a visitor is sent, page after page', () => {
  const GERMANY = { ...UNKNOWN_FACTS, country: 'DE' };
  const FRANCE = { ...UNKNOWN_FACTS, country: 'FR' };
  const STORE = 'https://shop.example/products/hat';

  /** Every page a visitor lands on, following each redirect until they stay. */
  function journey(rules: object[], facts: GeoFacts, from: string): string[] {
    const result = compile({ appEnabled: true, rules });
    if (!result.ok) throw new Error(result.errors[0]?.message);
    const pages = [from];
    for (let step = 0; step <= rules.length; step++) {
      const decision = decide(result.policy, { ip: '', url: pages.at(-1)! }, facts);
      if (decision.action !== 'redirect') return pages;
      pages.push(decision.redirectUrl!);
    }
    return pages;
  }

  const specificFirst = [
    redirect('de', 'https://example.de', ['DE']),
    redirect('eu', 'https://example.eu', [], { continents: ['EU'] }),
  ];

  it('sends Germany to the German store and the rest of Europe to the EU store, once', () => {
    expect(journey(specificFirst, GERMANY, STORE)).toEqual([STORE, 'https://example.de/']);
    expect(journey(specificFirst, FRANCE, STORE)).toEqual([STORE, 'https://example.eu/']);
  });

  it('keeps a German visitor on the German store, and moves one from the EU store', () => {
    expect(journey(specificFirst, GERMANY, 'https://example.de/cart')).toEqual([
      'https://example.de/cart',
    ]);
    expect(journey(specificFirst, GERMANY, 'https://example.eu/cart')).toEqual([
      'https://example.eu/cart',
      'https://example.de/',
    ]);
  });

  it('leaves a visitor on the wider target when the wider rule comes first', () => {
    const widerFirst = [...specificFirst].reverse();
    expect(journey(widerFirst, GERMANY, STORE)).toEqual([STORE, 'https://example.eu/']);
    expect(journey(widerFirst, GERMANY, 'https://example.eu/')).toEqual(['https://example.eu/']);
  });

  it('never sends a visitor back to a page they were sent from, whatever the rules', () => {
    const hosts = ['https://a.example', 'https://b.example', 'https://c.example'];
    const paths = ['', '/de', '/fr', '/de/sale', '/fr/de'];
    const address = fc
      .tuple(fc.constantFrom(...hosts), fc.constantFrom(...paths))
      .map(([host, path]) => host + path);
    const rule = fc.record({
      url: address,
      countries: fc.subarray(['DE', 'FR', 'AT'], { minLength: 1 }),
      keepPath: fc.boolean(),
      enabled: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(rule, { minLength: 1, maxLength: 6 }),
        fc.constantFrom('DE', 'FR', 'AT'),
        address,
        (drawn, country, start) => {
          const rules = drawn.map((r, i) => ({ id: `g${i}`, kind: 'geo-redirect', ...r }));
          const pages = journey(rules, { ...UNKNOWN_FACTS, country }, `${start}/products/hat`);
          expect(pages.length).toBeLessThanOrEqual(rules.length + 1);
          expect(new Set(pages).size).toBe(pages.length);
        },
      ),
    );
  });
});

describe('redirect targets', () => {
  const target = readTarget('https://Example.de/shop/#top')!;

  it('reads the target without its fragment', () => {
    expect(target).toMatchObject({ href: 'https://example.de/shop/', host: 'example.de' });
  });

  it('knows when the visitor is on the target', () => {
    expect(onTarget('https://example.de/shop', target)).toBe(true);
    expect(onTarget('https://EXAMPLE.de/shop/products/x?y=1', target)).toBe(true);
    expect(onTarget('https://example.de/shopping', target)).toBe(false);
    expect(onTarget('https://example.com/shop', target)).toBe(false);
    expect(onTarget('/shop', target)).toBe(false);
  });

  it('keeps the path and query', () => {
    expect(landingUrl(target, 'https://a.example/products/x?y=1&z=2')).toBe(
      'https://example.de/shop/products/x?y=1&z=2',
    );
    expect(landingUrl(target, 'https://a.example/')).toBe('https://example.de/shop');
    expect(landingUrl(target, '/cart')).toBe('https://example.de/shop/cart');
  });
});
