// The storefront protection services the app shares between features, as Fastify decorators:
// `app.blockers` (the registry, from the app layer's list of blockers; `app.firewallBlockers`
// the same for the firewall's own blockers), `app.protection` (geo
// data, storefront tokens, compiled policies, crawlers' DNS answers, and `changed` to rebuild a shop's policy here
// and on the other instances after a save; from the decision feature) and `app.visits` (the
// visit queue; from the visitor-logs feature). Features use these; none imports another.
import type { GeoLookup, NetworkClassifier } from '@gatehouse/engine';
import type { BlockerRegistry } from './blocker-registry.js';
import type { CrawlerDns } from './crawler-dns.js';
import type { CheckedRules, PolicyCache } from './shop-policy.js';
import type { VisitBuffer } from './visit-queue.js';

/**
 * After every `changed`, the shop's id is published on `app.notify` on this channel: whatever
 * serves rules elsewhere (the firewall's policy snapshot) hears of the change at once.
 */
export const RULES_CHANGED_CHANNEL = 'gatehouse_rules';

/** The geo data (startGeo in the decision feature), shared by every shop. */
export interface GeoService {
  /** The loaded data, or null while loading or when it failed. */
  current(): GeoLookup | null;
  ready: Promise<GeoLookup | null>;
  /** Classifies addresses from now on (once the data has loaded); remembered answers are dropped. */
  setClassifier(classifier: NetworkClassifier): Promise<void>;
}

/** The storefront's signed tokens (createSignedTokens in the decision feature). */
export interface SignedTokens {
  /** `version` is the shop's policy version (base64url: never a dot). */
  mintAllow(shop: string, ip: string, version: string, now?: number): string;
  /** Milliseconds the token has left, or 0 when it is not a valid token for shop + ip + version. */
  allowRemaining(
    token: string | undefined,
    shop: string,
    ip: string,
    version: string,
    now?: number,
  ): number;
  mintDevice(shopId: string): string;
  /** True when the device token was signed by this server for this shop. */
  isSignedDevice(token: string | undefined, shopId: string): boolean;
}

export interface ProtectionServices {
  geo: GeoService;
  tokens: SignedTokens;
  policies: PolicyCache;
  /** Claimed crawlers' reverse-then-forward DNS answers, for crawlers whose list is missing. */
  crawlerDns: CrawlerDns;
  /**
   * A shop's rules or settings changed: rebuild here now (from the rules the change's check
   * compiled, when it hands them over and wrote just what it checked), and tell the other
   * instances.
   */
  changed(shopId: string, checked?: CheckedRules): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    blockers: BlockerRegistry;
    /** The firewall's own blockers (URL Blocker…): rules only the firewall applies. */
    firewallBlockers: BlockerRegistry;
    protection: ProtectionServices;
    visits: VisitBuffer;
  }
}
