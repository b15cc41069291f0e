// Session tokens: the short-lived JWT App Bridge hands the app inside the platform's admin, sent
// as `Authorization: Bearer <token>`. The library checks the signature (HS256 with the app's
// secret), `aud` (the app's key) and `exp`/`nbf` with its few seconds of leeway; here the token
// must also name one shop, the same one as its issuer's admin, and a staff user.
import { isShopDomain } from '@gatehouse/contracts';
import type { Shopify } from '@shopify/shopify-api';
import type { FastifyBaseLogger } from 'fastify';
import { PlatformError } from './platform-error.js';

export interface SessionTokenClaims {
  /** The shop's myshopify domain, from `dest`. */
  shop: string;
  /** The staff member using the admin (`sub`). */
  staffUserId: string;
}

/**
 * The platform's token endpoint would not exchange a session token (not good, too old, or the
 * app is not installed there): a refusal, never repeated.
 */
export class SessionTokenRefusedError extends PlatformError {
  override name = 'SessionTokenRefusedError';

  constructor(shop: string, why: string) {
    super(`Token exchange for ${shop} refused: ${why}`, { failure: 'refused' });
  }
}

/** A JWT's shape: three base64url parts. Anything else is one of our own session tokens. */
export function looksLikeSessionToken(token: string): boolean {
  return /^[\w-]+\.[\w-]+\.[\w-]+$/.test(token);
}

/** The longest session token accepted: real ones are well under a kilobyte. */
export const SESSION_TOKEN_MAX_LENGTH = 4096;

function shopOf(dest: unknown): string | null {
  if (typeof dest !== 'string') return null;
  let url: URL;
  try {
    url = new URL(dest);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.pathname !== '/' || url.search || url.port) return null;
  return isShopDomain(url.hostname) ? url.hostname : null;
}

export function createSessionTokenCheck(shopify: Shopify, log: FastifyBaseLogger) {
  /** The shop and staff user a valid session token names; null for any other token. */
  return async function verifySessionToken(token: string): Promise<SessionTokenClaims | null> {
    if (token.length > SESSION_TOKEN_MAX_LENGTH || !looksLikeSessionToken(token)) return null;
    let payload: Record<string, unknown>;
    try {
      payload = (await shopify.session.decodeSessionToken(token)) as unknown as Record<
        string,
        unknown
      >;
    } catch (error) {
      log.info(
        { reason: (error as Error).message.replace(/'[^']*'/, "'…'") },
        'session token refused',
      );
      return null;
    }
    const shop = shopOf(payload.dest);
    const sub = payload.sub;
    if (!shop || payload.iss !== `https://${shop}/admin`) {
      log.info({ dest: payload.dest, iss: payload.iss }, 'session token names no shop');
      return null;
    }
    if (typeof sub !== 'string' || !/^\d{1,20}$/.test(sub)) {
      log.info({ shop }, 'session token names no staff user');
      return null;
    }
    return { shop, staffUserId: sub };
  };
}
