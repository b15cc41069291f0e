import { describe, expect, it } from 'vitest';
import { compile } from '../policy/compile.js';
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

  it('refuses rules that send a country back and forth (A → B → A)', () => {
    expect(
      refusal(
        redirect('g1', 'https://example.de', ['DE']),
        redirect('g2', 'https://example.eu', [], { continents: ['EU'] }),
      ),
    ).toBe(
      'These rules would send a visitor from Germany round in a loop: https://example.de/ → https://example.eu/ → https://example.de/. Take Germany out of one of them.',
    );
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

  it('does not look for loops among turned-off rules', () => {
    expect(
      refusal(
        redirect('g1', 'https://example.de', ['DE']),
        redirect('g2', 'https://example.eu', ['DE'], { enabled: false }),
      ),
    ).toBeUndefined();
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
