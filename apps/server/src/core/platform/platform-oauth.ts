// The platform's OAuth: the authorize URL a merchant is sent to, the HMAC check of a query it
// signed,
// the single-use code exchanged for an expiring offline token (an access token for an hour and
// its refresh token), the renewal of that token (offline-token-grants.ts), and the state value
// that ties a callback to its sign-in.
import { randomBytes } from 'node:crypto';
import type { Shopify } from '@shopify/shopify-api';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../env.js';
import { classifyFetchError, HttpStatusError } from './attempt-failure.js';
import { callPlatform, type CallPolicy, type SharedDeadline } from './platform-call.js';
import {
  createOfflineTokenGrants,
  type OfflineGrant,
  type OfflineTokenGrants,
} from './offline-token-grants.js';
import { PlatformError } from './platform-error.js';
import type { PlatformUrl } from './platform-url.js';
import { createSessionTokenCheck, type SessionTokenClaims } from './session-token.js';

export interface PlatformOAuth extends OfflineTokenGrants {
  authorizeUrl(shop: string, state: string): string;
  /**
   * True when a query the platform signed (the OAuth callback's, the embedded admin's) carries a
   * valid HMAC and a fresh timestamp.
   */
  isSignedQuery(query: Record<string, string | string[]> | URLSearchParams): Promise<boolean>;
  exchangeCode(shop: string, code: string, options?: SharedDeadline): Promise<OfflineGrant>;
  /** The shop and staff user a valid session token names; null for any other token. */
  verifySessionToken(token: string): Promise<SessionTokenClaims | null>;
}

export function createPlatformOAuth(
  config: AppConfig,
  platformUrl: PlatformUrl,
  shopify: Shopify,
  policy: CallPolicy,
  log: FastifyBaseLogger,
): PlatformOAuth {
  return {
    ...createOfflineTokenGrants(shopify, policy),

    verifySessionToken: createSessionTokenCheck(shopify, log),

    authorizeUrl(shop, state) {
      const params = new URLSearchParams({
        client_id: config.shopify.apiKey,
        scope: config.shopify.scopes.join(','),
        redirect_uri: `${config.appUrl}/api/auth/callback`,
        state,
        'grant_options[]': '',
      });
      return platformUrl(shop, `/admin/oauth/authorize?${params.toString().replace(/\+/g, '%20')}`);
    },

    async isSignedQuery(query) {
      try {
        return await shopify.utils.validateHmac(
          query instanceof URLSearchParams ? query : (query as Record<string, string>),
        );
      } catch (error) {
        log.info({ err: error }, 'signed query refused');
        return false;
      }
    },

    async exchangeCode(shop, code, options = {}) {
      // A code is single-use: only answers that prove it was not spent are retried.
      const body = await callPlatform(
        policy,
        { idempotent: false, ...options },
        async (signal) => {
          const response = await fetch(platformUrl(shop, '/admin/oauth/access_token'), {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: 'application/json' },
            body: JSON.stringify({
              client_id: config.shopify.apiKey,
              client_secret: config.shopify.apiSecret,
              code,
              // An expiring offline token with its refresh token, as public apps must use.
              expiring: '1',
            }),
            signal,
          });
          if (response.status === 429 || response.status >= 500) {
            throw new HttpStatusError(response.status, response.headers.get('retry-after'));
          }
          const json = (await response.json().catch(() => null)) as {
            access_token?: unknown;
            scope?: unknown;
            expires_in?: unknown;
            refresh_token?: unknown;
            refresh_token_expires_in?: unknown;
            error?: unknown;
          } | null;
          if (!response.ok || typeof json?.access_token !== 'string') {
            throw new PlatformError(
              `Code exchange for ${shop} failed with ${response.status}: ${String(json?.error ?? '')}`,
            );
          }
          return { ...json, accessToken: json.access_token, receivedAt: Date.now() };
        },
        (error, timedOut) => classifyFetchError(error, timedOut, `Code exchange for ${shop}`),
      );
      const scopes = typeof body.scope === 'string' ? body.scope.split(',') : [];
      const after = (seconds: unknown) =>
        typeof seconds === 'number' && seconds > 0
          ? new Date(body.receivedAt + seconds * 1000)
          : null;
      const refreshToken = typeof body.refresh_token === 'string' ? body.refresh_token : null;
      return {
        accessToken: body.accessToken,
        scopes: scopes.map((s) => s.trim()).filter(Boolean),
        expiresAt: after(body.expires_in),
        refreshToken,
        refreshTokenExpiresAt: refreshToken ? after(body.refresh_token_expires_in) : null,
      };
    },
  };
}

/** A random, unguessable OAuth state value: 32 bytes as hex. */
export function newOAuthState(): string {
  return randomBytes(32).toString('hex');
}
