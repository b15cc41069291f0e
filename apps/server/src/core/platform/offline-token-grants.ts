// Renewing a shop's offline token through the Shopify library's own helpers: the refresh of an
// expiring pair (the refresh token rotates: the answer's pair replaces the stored one) and the
// token-exchange migration of a non-expiring token to an expiring pair. Both may be repeated
// after a lost answer: the platform answers a used refresh token, or a migration of the same
// original token within seven days, with the pair it issued. So a time-out is retried within
// the call's budget, and a caller whose answer was lost keeps the old token and asks again.
// A refusal of the grant itself means the token is dead (ShopTokenDeadError). The exchange of a
// session token (an embedded app's first load) asks for an expiring pair the same way; its
// refusal means the session token was not good, not that a stored token died.
import {
  HttpResponseError,
  RequestedTokenType,
  type Session,
  type Shopify,
} from '@shopify/shopify-api';
import { classifyLibraryError } from './attempt-failure.js';
import { callPlatform, type CallPolicy, type SharedDeadline } from './platform-call.js';
import { PlatformError } from './platform-error.js';
import { SessionTokenRefusedError } from './session-token.js';
import { ShopTokenDeadError } from './shop-token-dead.js';

/** An offline token as the platform granted it. */
export interface OfflineGrant {
  accessToken: string;
  scopes: string[];
  /** Null for a non-expiring token. */
  expiresAt: Date | null;
  refreshToken: string | null;
  refreshTokenExpiresAt: Date | null;
}

export interface OfflineTokenGrants {
  refreshOfflineToken(
    shop: string,
    refreshToken: string,
    options?: SharedDeadline,
  ): Promise<OfflineGrant>;
  migrateOfflineToken(
    shop: string,
    nonExpiringToken: string,
    options?: SharedDeadline,
  ): Promise<OfflineGrant>;
  /** Exchanges a verified session token for the shop's expiring offline pair. */
  exchangeSessionToken(
    shop: string,
    sessionToken: string,
    options?: SharedDeadline,
  ): Promise<OfflineGrant>;
}

export function grantOfSession(session: Session): OfflineGrant {
  return {
    accessToken: session.accessToken ?? '',
    scopes: (session.scope ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    expiresAt: session.expires ?? null,
    refreshToken: session.refreshToken ?? null,
    refreshTokenExpiresAt: session.refreshTokenExpires ?? null,
  };
}

/** What the token endpoint's refusal says, for the log: `invalid_grant: …`. */
function refusal(error: HttpResponseError): string {
  const body = error.response.body as { error?: unknown; error_description?: unknown } | undefined;
  return [body?.error, body?.error_description].filter(Boolean).map(String).join(': ');
}

export function createOfflineTokenGrants(shopify: Shopify, policy: CallPolicy): OfflineTokenGrants {
  async function renew(
    shop: string,
    what: string,
    options: SharedDeadline,
    grant: () => Promise<{ session: Session }>,
    refused: (why: string) => Error = (why) =>
      new ShopTokenDeadError(shop, `${what} refused: ${why}`),
  ): Promise<OfflineGrant> {
    const { session } = await callPlatform(
      policy,
      { idempotent: true, ...options },
      async () => {
        try {
          return await grant();
        } catch (error) {
          // 400/401 from the token endpoint: the grant is gone. A wrong client is our own
          // configuration, not the shop's token.
          if (error instanceof HttpResponseError && [400, 401].includes(error.response.code)) {
            const why = refusal(error);
            if (/invalid_client/.test(why)) throw new PlatformError(`${what}: ${why}`);
            throw refused(why || String(error.response.code));
          }
          throw error;
        }
      },
      (error, timedOut) => classifyLibraryError(error, timedOut, shop),
    );
    const renewed = grantOfSession(session);
    if (!renewed.accessToken || !renewed.expiresAt || !renewed.refreshToken) {
      throw new PlatformError(`${what} for ${shop} answered without an expiring pair`);
    }
    return renewed;
  }

  return {
    refreshOfflineToken: (shop, refreshToken, options = {}) =>
      renew(shop, 'Token refresh', options, () =>
        shopify.auth.refreshToken({ shop, refreshToken }),
      ),
    migrateOfflineToken: (shop, nonExpiringToken, options = {}) =>
      renew(shop, 'Token migration', options, () =>
        shopify.auth.migrateToExpiringToken({
          shop,
          nonExpiringOfflineAccessToken: nonExpiringToken,
        }),
      ),
    exchangeSessionToken: (shop, sessionToken, options = {}) =>
      renew(
        shop,
        'Token exchange',
        options,
        () =>
          shopify.auth.tokenExchange({
            shop,
            sessionToken,
            requestedTokenType: RequestedTokenType.OfflineAccessToken,
            expiring: true,
          }),
        (why) => new SessionTokenRefusedError(shop, why),
      ),
  };
}
