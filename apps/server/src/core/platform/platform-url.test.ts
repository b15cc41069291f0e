import { describe, expect, it } from 'vitest';
import { createPlatformUrl, rewriteShopUrl } from './platform-url.js';

describe('platformUrl', () => {
  it('addresses real Shopify at the shop host', () => {
    const url = createPlatformUrl(null);
    expect(url('demo.myshopify.com', '/admin')).toBe('https://demo.myshopify.com/admin');
  });

  it('addresses the emulator under /shops/{shop}', () => {
    const url = createPlatformUrl('http://localhost:4000');
    expect(url('demo.myshopify.com', '/admin/oauth/authorize?x=1')).toBe(
      'http://localhost:4000/shops/demo.myshopify.com/admin/oauth/authorize?x=1',
    );
  });

  it('rewrites shop URLs built by the library and leaves others alone', () => {
    const url = createPlatformUrl('http://127.0.0.1:4555');
    expect(rewriteShopUrl('https://demo.myshopify.com/admin/api/2025-10/graphql.json', url)).toBe(
      'http://127.0.0.1:4555/shops/demo.myshopify.com/admin/api/2025-10/graphql.json',
    );
    expect(rewriteShopUrl('https://example.com/x', url)).toBe('https://example.com/x');
  });
});
