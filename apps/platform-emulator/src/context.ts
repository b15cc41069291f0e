// What every part of the emulator shares: its options, the store, the registered app, the
// webhook dispatcher, the app's theme extension and the faults tests switch on.
import type { FaultInjector } from './control/faults.js';
import type { CrawlerSigner } from './crawler-access/crawler-signer.js';
import type { ThemeExtension } from './extension/theme-extension.js';
import type { TokenPolicy } from './oauth/token-policy.js';
import type { RegisteredApp } from './registered-app.js';
import type { EmulatorStore } from './state/store.js';
import type { WebhookDispatcher } from './webhooks/dispatcher.js';

export interface EmulatorContext {
  /** The emulator's public origin, without a trailing slash. */
  publicUrl: string;
  store: EmulatorStore;
  app: RegisteredApp;
  dispatcher: WebhookDispatcher;
  faults: FaultInjector;
  /** The platform's clock and the cutoff for non-expiring offline tokens. */
  tokens: TokenPolicy;
  /** From this moment the storefront runs no script tag. */
  scriptTagsEndAt: Date;
  /** Requests each shop's storefront answered (pages, cart, checkout, assets), since start. */
  storefrontRequests: Map<string, number>;
  /** The platform's key for the crawler access signatures it makes. */
  crawlerSigner: CrawlerSigner;
  /** Read from disk on each call, so edits to the extension show without a restart. */
  extension(): ThemeExtension;
}

/** `https://{shop}{path}` on the real platform is `${publicUrl}/shops/{shop}{path}` here. */
export function shopUrl(context: EmulatorContext, shop: string, path = ''): string {
  return `${context.publicUrl}/shops/${shop}${path}`;
}
