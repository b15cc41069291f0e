import { describe, expect, it } from 'vitest';
import { ALLOW_TOKEN_TTL_MS, createSignedTokens } from './signed-tokens.js';

const tokens = createSignedTokens('a-test-secret-of-some-length');
const now = Date.UTC(2030, 0, 1);

describe('allow tokens', () => {
  it('are valid for the same shop and IP until they expire', () => {
    const token = tokens.mintAllow('demo.myshopify.com', '8.8.8.8', now);
    expect(tokens.allowRemaining(token, 'demo.myshopify.com', '8.8.8.8', now)).toBeGreaterThan(
      ALLOW_TOKEN_TTL_MS - 1000,
    );
    expect(
      tokens.allowRemaining(token, 'demo.myshopify.com', '8.8.8.8', now + ALLOW_TOKEN_TTL_MS),
    ).toBe(0);
  });

  it('are refused for another shop, another IP, another key or when altered', () => {
    const token = tokens.mintAllow('demo.myshopify.com', '8.8.8.8', now);
    expect(tokens.allowRemaining(token, 'other.myshopify.com', '8.8.8.8', now)).toBe(0);
    expect(tokens.allowRemaining(token, 'demo.myshopify.com', '8.8.4.4', now)).toBe(0);
    const other = createSignedTokens('another-secret-of-some-length');
    expect(other.allowRemaining(token, 'demo.myshopify.com', '8.8.8.8', now)).toBe(0);
    const later = `${(parseInt(token.split('.')[0]!, 36) + 9999).toString(36)}.${token.split('.')[1]}`;
    expect(tokens.allowRemaining(later, 'demo.myshopify.com', '8.8.8.8', now)).toBe(0);
    expect(tokens.allowRemaining('garbage', 'demo.myshopify.com', '8.8.8.8', now)).toBe(0);
    expect(tokens.allowRemaining(undefined, 'demo.myshopify.com', '8.8.8.8', now)).toBe(0);
  });
});

describe('device tokens', () => {
  it('are unique and bound to their shop', () => {
    const a = tokens.mintDevice('shop-1');
    expect(a).not.toBe(tokens.mintDevice('shop-1'));
    expect(tokens.isSignedDevice(a, 'shop-1')).toBe(true);
    expect(tokens.isSignedDevice(a, 'shop-2')).toBe(false);
    expect(tokens.isSignedDevice(`x${a}`, 'shop-1')).toBe(false);
    expect(tokens.isSignedDevice('', 'shop-1')).toBe(false);
  });
});
