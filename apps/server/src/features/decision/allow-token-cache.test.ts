import { describe, expect, it } from 'vitest';
import { createAllowTokenCache } from './allow-token-cache.js';
import { ALLOW_TOKEN_TTL_MS, createSignedTokens } from '../../protection/signed-tokens.js';

const shop = 'alice.myshopify.com';
const t0 = Date.UTC(2026, 5, 1);

describe('the allow token cache', () => {
  it('hands the same valid token to one shop and IP while it has over half its life', () => {
    const tokens = createSignedTokens('secret');
    const cache = createAllowTokenCache(tokens);
    const first = cache.tokenFor(shop, '8.8.8.8', undefined, t0);
    expect(tokens.allowRemaining(first, shop, '8.8.8.8', t0)).toBeGreaterThan(0);
    expect(cache.tokenFor(shop, '8.8.8.8', undefined, t0 + 60_000)).toBe(first);
    expect(cache.tokenFor(shop, '8.8.8.8', first, t0 + 60_000)).toBe(first);

    const later = t0 + ALLOW_TOKEN_TTL_MS / 2 + 1000;
    const renewed = cache.tokenFor(shop, '8.8.8.8', first, later);
    expect(renewed).not.toBe(first);
    expect(tokens.allowRemaining(renewed, shop, '8.8.8.8', later)).toBeGreaterThan(
      ALLOW_TOKEN_TTL_MS - 2000,
    );
  });

  it('never hands one IP or shop the token of another', () => {
    const tokens = createSignedTokens('secret');
    const cache = createAllowTokenCache(tokens);
    const us = cache.tokenFor(shop, '8.8.8.8', undefined, t0);
    const de = cache.tokenFor(shop, '88.198.0.1', us, t0);
    expect(de).not.toBe(us);
    expect(tokens.allowRemaining(de, shop, '88.198.0.1', t0)).toBeGreaterThan(0);
    const bob = cache.tokenFor('bob.myshopify.com', '8.8.8.8', us, t0);
    expect(bob).not.toBe(us);
  });

  it('keeps a fresh token signed elsewhere and replaces a forged one', () => {
    const tokens = createSignedTokens('secret');
    const cache = createAllowTokenCache(tokens);
    const elsewhere = tokens.mintAllow(shop, '8.8.8.8', t0 - 1000);
    expect(cache.tokenFor(shop, '8.8.8.8', elsewhere, t0)).toBe(elsewhere);
    const forged = `${elsewhere.split('.')[0]}.AAAA`;
    const answer = cache.tokenFor(shop, '8.8.8.8', forged, t0);
    expect(answer).not.toBe(forged);
    expect(tokens.allowRemaining(answer, shop, '8.8.8.8', t0)).toBeGreaterThan(0);
  });

  it('forgets the oldest pair past its bound', () => {
    const cache = createAllowTokenCache(createSignedTokens('secret'), 3);
    for (let i = 0; i < 10; i++) cache.tokenFor(shop, `10.0.0.${i}`, undefined, t0);
    expect(cache.size).toBe(3);
  });
});
