// The offline tokens an installation holds and the grants that change them. A non-expiring
// token lives until uninstall (and, after the cutoff, is refused); an expiring one lives an
// hour and comes with a refresh token. The refresh grant rotates the pair; the token-exchange
// migration turns a non-expiring token into an expiring pair and invalidates it. Both keep a
// way back from a lost answer: a used refresh token answers its pair again until the app uses
// the replacement (30 days at most), and a repeated migration with the original token answers
// the same pair for seven days, until the pair is refreshed or replaced.
import { randomBytes } from 'node:crypto';
import type { EmulatorContext } from '../context.js';
import type { InstallationRecord } from '../state/types.js';
import {
  ACCESS_TOKEN_SECONDS,
  MIGRATION_RECOVERY_MS,
  REFRESH_RECOVERY_MS,
  REFRESH_TOKEN_SECONDS,
} from './token-policy.js';

export const OFFLINE_TOKEN_TYPE = 'urn:shopify:params:oauth:token-type:offline-access-token';
export const TOKEN_EXCHANGE_GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';

export interface TokenAnswer {
  access_token: string;
  scope: string;
  expires_in?: number;
  refresh_token?: string;
  refresh_token_expires_in?: number;
}

export const INVALID_GRANT = (description: string) => ({
  error: 'invalid_grant',
  error_description: description,
});

const iso = (ms: number) => new Date(ms).toISOString();

function grants(installation: InstallationRecord) {
  installation.grants ??= { authorizationCode: 0, refresh: 0, migration: 0 };
  return installation.grants;
}

/** Gives the installation a new token: an expiring pair, or a non-expiring token. */
export function issueTokens(
  context: EmulatorContext,
  installation: InstallationRecord,
  expiring: boolean,
): void {
  const now = context.tokens.now();
  installation.accessToken = `shpat_${randomBytes(16).toString('hex')}`;
  installation.accessTokenExpiresAt = expiring ? iso(now + ACCESS_TOKEN_SECONDS * 1000) : null;
  installation.refreshToken = expiring ? `shprt_${randomBytes(24).toString('hex')}` : null;
  installation.refreshTokenExpiresAt = expiring ? iso(now + REFRESH_TOKEN_SECONDS * 1000) : null;
  installation.previousRefresh = null;
  installation.migratedFrom = null;
}

/** Whether a request made with `token` is let in: the current token, not expired or refused. */
export function tokenAccepted(
  context: EmulatorContext,
  installation: InstallationRecord,
  token: string,
): boolean {
  if (installation.accessToken !== token) return false;
  if (installation.accessTokenExpiresAt) {
    return Date.parse(installation.accessTokenExpiresAt) > context.tokens.now();
  }
  return !context.tokens.nonExpiringRefused();
}

/** The token endpoint's answer for the installation's current token(s), as the platform sends it. */
export function tokenAnswer(
  context: EmulatorContext,
  installation: InstallationRecord,
): TokenAnswer {
  const now = context.tokens.now();
  const seconds = (at: string) => Math.max(0, Math.round((Date.parse(at) - now) / 1000));
  return {
    access_token: installation.accessToken,
    scope: installation.scopes.join(','),
    ...(installation.accessTokenExpiresAt
      ? { expires_in: seconds(installation.accessTokenExpiresAt) }
      : {}),
    ...(installation.refreshToken && installation.refreshTokenExpiresAt
      ? {
          refresh_token: installation.refreshToken,
          refresh_token_expires_in: seconds(installation.refreshTokenExpiresAt),
        }
      : {}),
  };
}

/** Counts an authorization-code grant (the installation's tokens are already issued). */
export function countCodeGrant(installation: InstallationRecord): void {
  grants(installation).authorizationCode += 1;
}

/** The access token lives a full hour again, when less is left (a recovered answer). */
function extendAccess(context: EmulatorContext, installation: InstallationRecord): void {
  const full = context.tokens.now() + ACCESS_TOKEN_SECONDS * 1000;
  const current = Date.parse(installation.accessTokenExpiresAt ?? '');
  if (!(current >= full)) installation.accessTokenExpiresAt = iso(full);
}

/** The refresh_token grant: a new pair for the current refresh token; null when refused. */
export function refreshGrant(
  context: EmulatorContext,
  installation: InstallationRecord | undefined,
  refreshToken: string,
): TokenAnswer | null {
  if (!installation || !refreshToken) return null;
  const now = context.tokens.now();
  const previous = installation.previousRefresh;
  if (
    previous &&
    previous.token === refreshToken &&
    now - Date.parse(previous.firstUsedAt) < REFRESH_RECOVERY_MS &&
    Date.parse(installation.refreshTokenExpiresAt ?? '') > now
  ) {
    // The answer to that refresh was lost: the pair it gave, not yet used, again.
    grants(installation).refresh += 1;
    extendAccess(context, installation);
    context.store.save();
    return tokenAnswer(context, installation);
  }
  if (
    installation.refreshToken !== refreshToken ||
    !(Date.parse(installation.refreshTokenExpiresAt ?? '') > now)
  ) {
    return null;
  }
  issueTokens(context, installation, true);
  installation.previousRefresh = { token: refreshToken, firstUsedAt: iso(now) };
  grants(installation).refresh += 1;
  context.store.save();
  return tokenAnswer(context, installation);
}

/**
 * The token-exchange migration of a non-expiring offline token: an expiring pair, the old
 * token invalid from then on; null when refused (not the shop's token, or the cutoff passed).
 */
export function migrationGrant(
  context: EmulatorContext,
  installation: InstallationRecord | undefined,
  subjectToken: string,
): TokenAnswer | null {
  if (!installation || !subjectToken) return null;
  const now = context.tokens.now();
  const migrated = installation.migratedFrom;
  if (
    migrated &&
    migrated.token === subjectToken &&
    now - Date.parse(migrated.at) < MIGRATION_RECOVERY_MS
  ) {
    grants(installation).migration += 1;
    extendAccess(context, installation);
    context.store.save();
    return tokenAnswer(context, installation);
  }
  const nonExpiring = !installation.accessTokenExpiresAt;
  if (!nonExpiring || installation.accessToken !== subjectToken) return null;
  if (context.tokens.nonExpiringRefused()) return null;
  issueTokens(context, installation, true);
  installation.migratedFrom = { token: subjectToken, at: iso(now) };
  grants(installation).migration += 1;
  context.store.save();
  return tokenAnswer(context, installation);
}
