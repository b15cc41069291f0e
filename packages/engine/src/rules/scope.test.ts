import { describe, expect, it } from 'vitest';
import { compileScope, normalizeScopePattern, pathOfUrl } from './scope.js';

const scope = (...patterns: string[]) =>
  compileScope(patterns.map((p) => normalizeScopePattern(p)!));

describe('pathOfUrl', () => {
  it('takes the lower-case path of absolute, relative and odd URLs', () => {
    expect(pathOfUrl('https://Demo.myshopify.com/Products/Hat?variant=1#top')).toBe(
      '/products/hat',
    );
    expect(pathOfUrl('/collections/all/')).toBe('/collections/all');
    expect(pathOfUrl('//cdn.example.com/a/b')).toBe('/a/b');
    expect(pathOfUrl('https://demo.myshopify.com')).toBe('/');
    expect(pathOfUrl('/pages/caf%C3%A9')).toBe('/pages/café');
    expect(pathOfUrl('/pages/%E0%A4%A')).toBe('/pages/%e0%a4%a');
    expect(pathOfUrl('not a url')).toBe('/');
    expect(pathOfUrl(undefined)).toBe('/');
  });
});

describe('URL scope', () => {
  it('matches a path prefix on whole segments only', () => {
    const match = scope('/pages/wholesale');
    expect(match('/pages/wholesale')).toBe(true);
    expect(match('/pages/wholesale/terms')).toBe(true);
    expect(match('/pages/wholesaler')).toBe(false);
    expect(match('/')).toBe(false);
  });

  it('matches a collection with its product and tag pages', () => {
    const match = scope('/collections/Sale/');
    expect(match('/collections/sale')).toBe(true);
    expect(match('/collections/sale/products/hat')).toBe(true);
    expect(match('/collections/sale/red')).toBe(true);
    expect(match('/collections/sales')).toBe(false);
  });

  it('matches a product on its own and through any collection', () => {
    const match = scope('/products/hat');
    expect(match('/products/hat')).toBe(true);
    expect(match('/collections/summer/products/hat')).toBe(true);
    expect(match('/products/hats')).toBe(false);
  });

  it('ignores a leading locale segment of the visited path', () => {
    const match = scope('/products/hat');
    expect(match('/fr/products/hat')).toBe(true);
    expect(match('/en-ca/collections/all/products/hat')).toBe(true);
    expect(match('/shop/products/hat')).toBe(false);
  });

  it('supports a raw prefix ending in *', () => {
    const match = scope('/pages/sale*');
    expect(match('/pages/sale-2025')).toBe(true);
    expect(match('/pages/salt')).toBe(false);
  });

  it('treats "/" as the whole store', () => {
    expect(scope('/')('/anything/at/all')).toBe(true);
  });

  it.each(['products/hat', '', '/a b', '/p?x=1', '/a*b', 'https://x.com/a'])(
    'refuses the pattern %j',
    (pattern) => expect(normalizeScopePattern(pattern)).toBeNull(),
  );
});
