// The failure of every platform call for a shop whose offline token is dead: the platform
// refused to refresh or migrate it (the app was uninstalled, the grant revoked, the refresh
// token expired). Nothing is retried against it: only the merchant signing in again (a new
// install or consent) gives the shop a new token.
import { PlatformError } from './platform-error.js';

export const RECONNECT_MESSAGE =
  'Gatehouse is no longer connected to Shopify for this store. Reconnect Gatehouse to Shopify by signing in again.';

export class ShopTokenDeadError extends PlatformError {
  override name = 'ShopTokenDeadError';

  /** What the platform answered, for the logs (the message is the merchant's). */
  readonly detail: string;

  constructor(
    readonly shop: string,
    detail: string,
  ) {
    super(RECONNECT_MESSAGE, { failure: 'refused' });
    this.detail = `${shop}: ${detail}`;
  }

  override get merchantMessage(): string {
    return RECONNECT_MESSAGE;
  }

  override messageFor(): string {
    return RECONNECT_MESSAGE;
  }

  override factFor(): string {
    return RECONNECT_MESSAGE;
  }
}
