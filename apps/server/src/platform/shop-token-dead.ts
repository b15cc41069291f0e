// The failure of every platform call for a shop whose offline token is dead: the platform
// refused to refresh or migrate it (the app was uninstalled, the grant revoked, the refresh
// token expired). Nothing is retried against it: only the merchant signing in again (a new
// install or consent) gives the shop a new token.
import { PlatformError } from './platform-error.js';

export const RECONNECT_MESSAGE =
  'Gatehouse is no longer connected to Shopify for this store. Reconnect Gatehouse to Shopify by signing in again.';

export class ShopTokenDeadError extends PlatformError {
  override name = 'ShopTokenDeadError';

  constructor(
    readonly shop: string,
    detail: string,
    cause?: unknown,
  ) {
    super(`${RECONNECT_MESSAGE} (${shop}: ${detail})`, {
      failure: 'refused',
      ...(cause === undefined ? {} : { cause }),
    });
  }

  override get merchantMessage(): string {
    return RECONNECT_MESSAGE;
  }

  override messageFor(): string {
    return RECONNECT_MESSAGE;
  }
}
