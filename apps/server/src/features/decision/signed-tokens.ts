// The storefront's two signed tokens, both HMAC-SHA256 with a key derived from APP_SECRET.
// Allow token: "this browser was allowed on this shop from this IP under this version of the
// shop's rules until <expiry>", `<expiry>.<version>.<sig>`; it binds shop + ip + version +
// expiry and lets later page views of the session reveal at once while the rules are unchanged
// (the storefront reads the version in clear and compares it with the one the store page names). Device token:
// an Admin Access device mark, `<random>.<sig>` bound to the shop; the signature refuses a
// forged one without any lookup, and its SHA-256 must also be among the shop's live devices
// (kept in the compiled policy) so a revoked device stops working.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SignedTokens } from '../../protection/services.js';

export const ALLOW_TOKEN_TTL_MS = 30 * 60 * 1000;

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function createSignedTokens(appSecret: string): SignedTokens {
  const key = createHmac('sha256', appSecret).update('gatehouse storefront tokens').digest();
  const sign = (text: string) => createHmac('sha256', key).update(text).digest('base64url');

  return {
    mintAllow(shop, ip, version, now = Date.now()) {
      const expiry = Math.floor((now + ALLOW_TOKEN_TTL_MS) / 1000).toString(36);
      return `${expiry}.${version}.${sign(`allow\n${shop}\n${ip}\n${version}\n${expiry}`)}`;
    },
    allowRemaining(token, shop, ip, version, now = Date.now()) {
      const [expiry, tokenVersion, signature, extra] = token?.split('.') ?? [];
      if (!expiry || tokenVersion !== version || !signature || extra !== undefined) return 0;
      const expiresAt = parseInt(expiry, 36) * 1000;
      if (!Number.isFinite(expiresAt) || expiresAt <= now) return 0;
      const valid = sameText(signature, sign(`allow\n${shop}\n${ip}\n${version}\n${expiry}`));
      return valid ? expiresAt - now : 0;
    },
    mintDevice(shopId) {
      const random = randomBytes(24).toString('base64url');
      return `${random}.${sign(`device\n${shopId}\n${random}`)}`;
    },
    isSignedDevice(token, shopId) {
      if (!token) return false;
      const dot = token.indexOf('.');
      if (dot <= 0) return false;
      return sameText(token.slice(dot + 1), sign(`device\n${shopId}\n${token.slice(0, dot)}`));
    },
  };
}
