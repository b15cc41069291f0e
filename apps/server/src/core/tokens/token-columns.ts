// The shop row's offline-token columns: the access token and the refresh token, each sealed
// with the token cipher and bound to the shop's domain (the refresh token also to its role, so
// one copied onto the other's columns does not open), their expiry dates and the token's state.
import type { TokenCipher } from '../crypto/token-cipher.js';
import type { Shop, TokenState } from '../db/schema.js';
import type { OfflineGrant } from '../platform/offline-token-grants.js';

export type TokenColumns = Pick<
  Shop,
  | 'accessTokenIv'
  | 'accessTokenTag'
  | 'accessTokenCiphertext'
  | 'accessTokenExpiresAt'
  | 'refreshTokenIv'
  | 'refreshTokenTag'
  | 'refreshTokenCiphertext'
  | 'refreshTokenExpiresAt'
  | 'tokenState'
  | 'tokenDeadSince'
>;

/** A shop's stored offline token, opened. */
export interface StoredToken {
  accessToken: string;
  /** Null for a non-expiring token. */
  expiresAt: Date | null;
  refreshToken: string | null;
  refreshTokenExpiresAt: Date | null;
  state: TokenState;
}

const refreshOwner = (domain: string) => `${domain} refresh token`;

export function createTokenColumns(cipher: TokenCipher) {
  return {
    /** The columns of a token the platform granted: a new grant clears a dead mark. */
    sealGrant(grant: OfflineGrant, domain: string): TokenColumns {
      const access = cipher.seal(grant.accessToken, domain);
      const refresh = grant.refreshToken
        ? cipher.seal(grant.refreshToken, refreshOwner(domain))
        : null;
      return {
        accessTokenIv: access.iv,
        accessTokenTag: access.tag,
        accessTokenCiphertext: access.ciphertext,
        accessTokenExpiresAt: grant.expiresAt,
        refreshTokenIv: refresh?.iv ?? null,
        refreshTokenTag: refresh?.tag ?? null,
        refreshTokenCiphertext: refresh?.ciphertext ?? null,
        refreshTokenExpiresAt: refresh ? grant.refreshTokenExpiresAt : null,
        tokenState: grant.expiresAt ? 'expiring' : 'non-expiring',
        tokenDeadSince: null,
      };
    },

    /** The shop's token in clear, or null when it has none (uninstalled). */
    open(shop: Shop): StoredToken | null {
      if (!shop.accessTokenIv || !shop.accessTokenTag || !shop.accessTokenCiphertext) return null;
      const accessToken = cipher.open(
        {
          iv: shop.accessTokenIv,
          tag: shop.accessTokenTag,
          ciphertext: shop.accessTokenCiphertext,
        },
        shop.domain,
      );
      const refreshToken =
        shop.refreshTokenIv && shop.refreshTokenTag && shop.refreshTokenCiphertext
          ? cipher.open(
              {
                iv: shop.refreshTokenIv,
                tag: shop.refreshTokenTag,
                ciphertext: shop.refreshTokenCiphertext,
              },
              refreshOwner(shop.domain),
            )
          : null;
      return {
        accessToken,
        expiresAt: shop.accessTokenExpiresAt,
        refreshToken,
        refreshTokenExpiresAt: shop.refreshTokenExpiresAt,
        state: shop.tokenState,
      };
    },
  };
}

export type TokenColumnsCodec = ReturnType<typeof createTokenColumns>;
