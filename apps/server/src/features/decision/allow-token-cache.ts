// The allow token handed to each decision, without an HMAC on every request. A token binds
// shop + ip + policy version + expiry (second precision), so every browser of one IP on one
// shop would be given the same text anyway: the last token minted for (shop, ip) is kept and
// handed out while it has more than half its life left and the shop's rules are unchanged, and a visitor presenting exactly that token is recognised
// without re-signing. Tokens from elsewhere (another instance, before a restart) are still
// verified by signature. Bounded: past `max` pairs the oldest is forgotten.
import type { SignedTokens } from '../../protection/services.js';
import { ALLOW_TOKEN_TTL_MS } from './signed-tokens.js';

/** A token with less than this left is replaced by a new one (it then lasts a full TTL). */
const REISSUE_BELOW_MS = ALLOW_TOKEN_TTL_MS / 2;

export interface AllowTokenCache {
  /**
   * The token to answer an allowed visitor with: the one it presented when that is still
   * fresh for this shop and IP, otherwise a fresh one (cached or newly minted).
   */
  tokenFor(
    shop: string,
    ip: string,
    version: string,
    presented: string | undefined,
    now?: number,
  ): string;
  readonly size: number;
}

interface Minted {
  token: string;
  version: string;
  expiresAt: number;
}

export function createAllowTokenCache(tokens: SignedTokens, max = 20_000): AllowTokenCache {
  const minted = new Map<string, Minted>();

  return {
    tokenFor(shop, ip, version, presented, now = Date.now()) {
      const key = `${shop}\n${ip}`;
      const cached = minted.get(key);
      const cachedFresh =
        cached !== undefined &&
        cached.version === version &&
        cached.expiresAt - now > REISSUE_BELOW_MS;
      if (presented !== undefined) {
        if (cachedFresh && presented === cached.token) return presented;
        if (tokens.allowRemaining(presented, shop, ip, version, now) > REISSUE_BELOW_MS) {
          return presented;
        }
      }
      if (cachedFresh) return cached.token;

      const token = tokens.mintAllow(shop, ip, version, now);
      const expiresAt = parseInt(token.slice(0, token.indexOf('.')), 36) * 1000;
      if (cached !== undefined) minted.delete(key);
      else if (minted.size >= max) {
        const oldest = minted.keys().next();
        if (!oldest.done) minted.delete(oldest.value);
      }
      minted.set(key, { token, version, expiresAt });
      return token;
    },
    get size() {
      return minted.size;
    },
  };
}
