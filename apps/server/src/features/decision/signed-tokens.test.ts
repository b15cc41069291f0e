import { describe, expect, it } from 'vitest';
import { ALLOW_TOKEN_TTL_MS, createSignedTokens } from './signed-tokens.js';

const tokens = createSignedTokens('a-test-secret-of-some-length');
const now = Date.UTC(2030, 0, 1);

describe('allow tokens', () => {
  it('are valid for the same shop and IP until they expire', () => {
    const token = tokens.mintAllow('demo.myshopify.com', '8.8.8.8', 'v1', now);
    expect(
      tokens.allowRemaining(token, 'demo.myshopify.com', '8.8.8.8', 'v1', now),
    ).toBeGreaterThan(ALLOW_TOKEN_TTL_MS - 1000);
    expect(
      tokens.allowRemaining(token, 'demo.myshopify.com', '8.8.8.8', 'v1', now + ALLOW_TOKEN_TTL_MS),
    ).toBe(0);
  });

  it('name their policy version in clear and are refused under another one', () => {
    const token = tokens.mintAllow('demo.myshopify.com', '8.8.8.8', 'v1', now);
    expect(token.split('.')[1]).toBe('v1');
    expect(tokens.allowRemaining(token, 'demo.myshopify.com', '8.8.8.8', 'v2', now)).toBe(0);
    const renamed = token.replace('.v1.', '.v2.');
    expect(tokens.allowRemaining(renamed, 'demo.myshopify.com', '8.8.8.8', 'v2', now)).toBe(0);
  });

  it('are refused for another shop, another IP, another key or when altered', () => {
    const token = tokens.mintAllow('demo.myshopify.com', '8.8.8.8', 'v1', now);
    expect(tokens.allowRemaining(token, 'other.myshopify.com', '8.8.8.8', 'v1', now)).toBe(0);
    expect(tokens.allowRemaining(token, 'demo.myshopify.com', '8.8.4.4', 'v1', now)).toBe(0);
    const other = createSignedTokens('another-secret-of-some-length');
    expect(other.allowRemaining(token, 'demo.myshopify.com', '8.8.8.8', 'v1', now)).toBe(0);
    const [expiry, version, signature] = token.split('.');
    expect(version).toBe('v1');
    const later = `${(parseInt(expiry!, 36) + 9999).toString(36)}.${version}.${signature}`;
    expect(tokens.allowRemaining(later, 'demo.myshopify.com', '8.8.8.8', 'v1', now)).toBe(0);
    expect(tokens.allowRemaining('garbage', 'demo.myshopify.com', '8.8.8.8', 'v1', now)).toBe(0);
    expect(tokens.allowRemaining(undefined, 'demo.myshopify.com', '8.8.8.8', 'v1', now)).toBe(0);
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
