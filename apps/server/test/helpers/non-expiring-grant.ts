// A grant as the platform gave every app before expiring offline tokens: no expiry and no
// refresh token.
import type { OfflineGrant } from '../../src/core/platform/offline-token-grants.js';

export function nonExpiringGrant(accessToken: string, grantedScopes: string): OfflineGrant {
  return {
    accessToken,
    scopes: grantedScopes.split(','),
    expiresAt: null,
    refreshToken: null,
    refreshTokenExpiresAt: null,
  };
}
