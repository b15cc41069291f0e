import { describe, expect, it } from 'vitest';
import { createAllowTokenCache } from './allow-token-cache.js';
import { ALLOW_TOKEN_TTL_MS, createSignedTokens } from './signed-tokens.js';

const shop = 'alice.myshopify.com';
const t0 = Date.UTC(2026, 5, 1);

describe('the allow token cache', () => {
  it('hands the same valid token to one shop and IP while it has over half its life', () => {
    const tokens = createSignedTokens('secret');
    const cache = createAllowTokenCache(tokens);
    const first = cache.tokenFor(shop, '8.8.8.8', 'v1', undefined, t0);
    expect(tokens.allowRemaining(first, shop, '8.8.8.8', 'v1', t0)).toBeGreaterThan(0);
    expect(cache.tokenFor(shop, '8.8.8.8', 'v1', undefined, t0 + 60_000)).toBe(first);
    expect(cache.tokenFor(shop, '8.8.8.8', 'v1', first, t0 + 60_000)).toBe(first);

    const later = t0 + ALLOW_TOKEN_TTL_MS / 2 + 1000;
    const renewed = cache.tokenFor(shop, '8.8.8.8', 'v1', first, later);
    expect(renewed).not.toBe(first);
    expect(tokens.allowRemaining(renewed, shop, '8.8.8.8', 'v1', later)).toBeGreaterThan(
      ALLOW_TOKEN_TTL_MS - 2000,
    );
  });

  it('never hands one IP or shop the token of another', () => {
    const tokens = createSignedTokens('secret');
    const cache = createAllowTokenCache(tokens);
    const us = cache.tokenFor(shop, '8.8.8.8', 'v1', undefined, t0);
    const de = cache.tokenFor(shop, '88.198.0.1', 'v1', us, t0);
    expect(de).not.toBe(us);
    expect(tokens.allowRemaining(de, shop, '88.198.0.1', 'v1', t0)).toBeGreaterThan(0);
    const bob = cache.tokenFor('bob.myshopify.com', '8.8.8.8', 'v1', us, t0);
    expect(bob).not.toBe(us);
  });

  it('keeps a fresh token signed elsewhere and replaces a forged one', () => {
    const tokens = createSignedTokens('secret');
    const cache = createAllowTokenCache(tokens);
    const elsewhere = tokens.mintAllow(shop, '8.8.8.8', 'v1', t0 - 1000);
    expect(cache.tokenFor(shop, '8.8.8.8', 'v1', elsewhere, t0)).toBe(elsewhere);
    const forged = `${elsewhere.split('.')[0]}.v1.AAAA`;
    const answer = cache.tokenFor(shop, '8.8.8.8', 'v1', forged, t0);
    expect(answer).not.toBe(forged);
    expect(tokens.allowRemaining(answer, shop, '8.8.8.8', 'v1', t0)).toBeGreaterThan(0);
  });

  it('never hands back a token of another policy version', () => {
    const tokens = createSignedTokens('secret');
    const cache = createAllowTokenCache(tokens);
    const v1 = cache.tokenFor(shop, '8.8.8.8', 'v1', undefined, t0);
    const v2 = cache.tokenFor(shop, '8.8.8.8', 'v2', v1, t0 + 1000);
    expect(v2).not.toBe(v1);
    expect(v2.split('.')[1]).toBe('v2');
    expect(cache.tokenFor(shop, '8.8.8.8', 'v2', undefined, t0 + 2000)).toBe(v2);
  });

  it('forgets the oldest pair past its bound', () => {
    const cache = createAllowTokenCache(createSignedTokens('secret'), 3);
    for (let i = 0; i < 10; i++) cache.tokenFor(shop, `10.0.0.${i}`, 'v1', undefined, t0);
    expect(cache.size).toBe(3);
  });
});
