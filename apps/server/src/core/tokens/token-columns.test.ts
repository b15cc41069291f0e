import { describe, expect, it } from 'vitest';
import { createTokenCipher } from '../crypto/token-cipher.js';
import type { Shop } from '../db/schema.js';
import { createTokenColumns } from './token-columns.js';

const columns = createTokenColumns(createTokenCipher('a-test-secret-of-enough-length-0123'));
const domain = 'demo.myshopify.com';
const expiresAt = new Date('2026-11-28T02:00:00Z');
const refreshTokenExpiresAt = new Date('2027-02-26T01:00:00Z');
const pair = {
  accessToken: 'shpat_access',
  scopes: ['read_orders'],
  expiresAt,
  refreshToken: 'shprt_refresh',
  refreshTokenExpiresAt,
};

const shopWith = (sealed: ReturnType<typeof columns.sealGrant>, shopDomain = domain) =>
  ({ ...sealed, domain: shopDomain }) as Shop;

describe('token columns', () => {
  it('seal an expiring pair, never in clear, and open it again', () => {
    const sealed = columns.sealGrant(pair, domain);
    expect(JSON.stringify(sealed)).not.toContain('shpat_access');
    expect(JSON.stringify(sealed)).not.toContain('shprt_refresh');
    expect(sealed).toMatchObject({ tokenState: 'expiring', tokenDeadSince: null });
    expect(columns.open(shopWith(sealed))).toEqual({
      accessToken: 'shpat_access',
      expiresAt,
      refreshToken: 'shprt_refresh',
      refreshTokenExpiresAt,
      state: 'expiring',
    });
  });

  it('seal a non-expiring token without a refresh token', () => {
    const sealed = columns.sealGrant(
      { ...pair, expiresAt: null, refreshToken: null, refreshTokenExpiresAt: null },
      domain,
    );
    expect(sealed).toMatchObject({
      tokenState: 'non-expiring',
      refreshTokenCiphertext: null,
      refreshTokenExpiresAt: null,
    });
    expect(columns.open(shopWith(sealed))?.refreshToken).toBeNull();
  });

  it('do not open a refresh token copied onto the access token, or onto another shop', () => {
    const sealed = columns.sealGrant(pair, domain);
    const swapped = {
      ...sealed,
      accessTokenIv: sealed.refreshTokenIv,
      accessTokenTag: sealed.refreshTokenTag,
      accessTokenCiphertext: sealed.refreshTokenCiphertext,
    };
    expect(() => columns.open(shopWith(swapped))).toThrow();
    expect(() => columns.open(shopWith(sealed, 'other.myshopify.com'))).toThrow();
  });
});
