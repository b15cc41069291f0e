// A small client for the control endpoints, for tests and scripts that drive a running
// emulator over HTTP (the same way they reach it as "the platform").
import type { CrawlerSignature } from '../crawler-access/crawler-signer.js';
import type { FaultInput, FaultView } from './faults.js';
import type { z } from 'zod';
import type { placeOrderBody, riskInput } from '../orders/order-input.js';
import type { OrderView } from '../orders/order-view.js';
import type { DeliveryView, HealthView, ShopStateView, SubscriptionView } from './control-types.js';

/** What `placeOrder` takes: lines by SKU, and optionally contact, addresses, risk… */
export type PlaceOrderRequest = z.input<typeof placeOrderBody>;
export type RiskRequest = z.input<typeof riskInput>;
export type { CrawlerSignature, OrderView };

export interface TokenPolicyView {
  now: string;
  nonExpiringTokenCutoff: string | null;
}

export type SubscriptionCommand = 'freeze' | 'unfreeze' | 'cancel' | 'expire' | 'advance-period';

export class EmulatorControl {
  constructor(private readonly baseUrl: string) {}

  private async call<T>(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<T> {
    const response = await fetch(`${this.baseUrl.replace(/\/+$/, '')}${path}`, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as T & { error?: string };
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${json.error ?? ''}`);
    return json;
  }

  health(): Promise<HealthView> {
    return this.call('GET', '/_emulator/health');
  }

  shop(shop: string): Promise<ShopStateView> {
    return this.call('GET', `/_emulator/shops/${shop}`);
  }

  async deliveries(filter: { shop?: string; topic?: string } = {}): Promise<DeliveryView[]> {
    const query = new URLSearchParams(
      Object.entries(filter).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    const result = await this.call<{ deliveries: DeliveryView[] }>(
      'GET',
      `/_emulator/webhooks/deliveries?${query.toString()}`,
    );
    return result.deliveries;
  }

  /** A crawler access signature for one of the store's domains, as the admin's Create makes. */
  createCrawlerSignature(
    shop: string,
    input: { name: string; domain: string; ttlSeconds: number },
  ): Promise<CrawlerSignature> {
    return this.call('POST', `/_emulator/shops/${shop}/crawler-signatures`, input);
  }

  uninstall(shop: string): Promise<ShopStateView> {
    return this.call('POST', `/_emulator/shops/${shop}/uninstall`, {});
  }

  setAppEmbed(shop: string, enabled: boolean): Promise<ShopStateView> {
    return this.call('POST', `/_emulator/shops/${shop}/app-embed`, { enabled });
  }

  setScopes(shop: string, scopes: string[]): Promise<ShopStateView> {
    return this.call('POST', `/_emulator/shops/${shop}/scopes`, { scopes });
  }

  /**
   * The store's plan on the platform, as `shop.plan.publicDisplayName` answers it, and whether
   * it is a partner's development store (`shop.plan.partnerDevelopment`).
   */
  setPlan(shop: string, displayName: string, partnerDevelopment = false): Promise<ShopStateView> {
    return this.call('POST', `/_emulator/shops/${shop}/plan`, { displayName, partnerDevelopment });
  }

  /** The store owner saves the store's details; the platform sends shop/update. */
  setShopDetails(
    shop: string,
    details: { name?: string; email?: string; contactEmail?: string },
  ): Promise<ShopStateView & { webhookIds: string[] }> {
    return this.call('POST', `/_emulator/shops/${shop}/details`, details);
  }

  /** Adds a theme (no app embed on); `publish` makes it the live theme (themes/publish). */
  addTheme(
    shop: string,
    name: string,
    publish = false,
  ): Promise<{ id: number; name: string; role: string }> {
    return this.call('POST', `/_emulator/shops/${shop}/themes`, { name, publish });
  }

  /** Publishes one of the shop's themes (themes/publish). */
  publishTheme(shop: string, themeId: number): Promise<{ id: number; role: string }> {
    return this.call('POST', `/_emulator/shops/${shop}/themes/${themeId}/publish`, {});
  }

  /** A script tag the app added before the platform stopped taking new ones. */
  addOldScriptTag(shop: string, src: string): Promise<{ id: number; src: string }> {
    return this.call('POST', `/_emulator/shops/${shop}/script-tags`, { src });
  }

  /**
   * Serves `text` as the storefront's robots.txt, as a robots.txt.liquid template would; null
   * goes back to the platform's default file. Answers the file now served.
   */
  setRobotsTxt(shop: string, text: string | null): Promise<{ robotsTxt: string }> {
    return this.call('POST', `/_emulator/shops/${shop}/robots-txt`, { text });
  }

  triggerWebhook(
    shop: string,
    topic: string,
    payload?: unknown,
  ): Promise<{ webhookIds: string[] }> {
    return this.call('POST', `/_emulator/shops/${shop}/webhooks`, { topic, payload });
  }

  async subscriptions(shop: string): Promise<SubscriptionView[]> {
    const result = await this.call<{ subscriptions: SubscriptionView[] }>(
      'GET',
      `/_emulator/shops/${shop}/subscriptions`,
    );
    return result.subscriptions;
  }

  /** A support command on a subscription; `id` is the numeric id (the return URL's charge_id) or its GID. */
  subscriptionCommand(
    shop: string,
    id: number | string,
    command: SubscriptionCommand,
  ): Promise<SubscriptionView> {
    const path = `/_emulator/shops/${shop}/subscriptions/${encodeURIComponent(String(id))}`;
    return this.call('POST', `${path}/${command}`, {});
  }

  freezeSubscription(shop: string, id: number | string): Promise<SubscriptionView> {
    return this.subscriptionCommand(shop, id, 'freeze');
  }

  unfreezeSubscription(shop: string, id: number | string): Promise<SubscriptionView> {
    return this.subscriptionCommand(shop, id, 'unfreeze');
  }

  cancelSubscription(shop: string, id: number | string): Promise<SubscriptionView> {
    return this.subscriptionCommand(shop, id, 'cancel');
  }

  expireSubscription(shop: string, id: number | string): Promise<SubscriptionView> {
    return this.subscriptionCommand(shop, id, 'expire');
  }

  advanceSubscriptionPeriod(shop: string, id: number | string): Promise<SubscriptionView> {
    return this.subscriptionCommand(shop, id, 'advance-period');
  }

  /**
   * Answers a confirmationUrl as the merchant would (the page's Approve or Decline button);
   * returns where the browser is sent next: the app's returnUrl with `charge_id`.
   */
  async answerCharge(confirmationUrl: string, decision: 'approve' | 'decline'): Promise<string> {
    const response = await fetch(confirmationUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ decision }).toString(),
      redirect: 'manual',
    });
    const location = response.headers.get('location');
    if (response.status !== 302 || !location) {
      throw new Error(`${decision} ${confirmationUrl}: ${response.status}`);
    }
    return location;
  }

  /** Places an order as if a buyer had checked out; `risk` sets its assessment. */
  placeOrder(shop: string, order: PlaceOrderRequest): Promise<OrderView> {
    return this.call('POST', `/_emulator/shops/${shop}/orders`, order);
  }

  /** The shop's orders, newest first; `query` in the Admin API's search syntax. */
  async orders(shop: string, query?: string): Promise<OrderView[]> {
    const suffix = query ? `?${new URLSearchParams({ query }).toString()}` : '';
    const result = await this.call<{ orders: OrderView[] }>(
      'GET',
      `/_emulator/shops/${shop}/orders${suffix}`,
    );
    return result.orders;
  }

  /** One order by numeric id or GID. */
  order(shop: string, id: number | string): Promise<OrderView> {
    return this.call('GET', `/_emulator/shops/${shop}/orders/${encodeURIComponent(String(id))}`);
  }

  /** A new risk assessment for the order (sends orders/risk_assessment_changed). */
  assessOrderRisk(shop: string, id: number | string, risk: RiskRequest): Promise<OrderView> {
    const path = `/_emulator/shops/${shop}/orders/${encodeURIComponent(String(id))}/risk`;
    return this.call('POST', path, risk);
  }

  /** Marks the order fulfilled; orderCancel refuses it from then on. */
  fulfillOrder(shop: string, id: number | string): Promise<OrderView> {
    const path = `/_emulator/shops/${shop}/orders/${encodeURIComponent(String(id))}/fulfill`;
    return this.call('POST', path, {});
  }

  /** Sends customers/data_request (by customer id or email) to the app's compliance address. */
  requestCustomerData(
    shop: string,
    customer: { customerId?: number; email?: string },
  ): Promise<{ webhookIds: string[] }> {
    return this.call('POST', `/_emulator/shops/${shop}/privacy/customers-data-request`, customer);
  }

  /** Sends customers/redact for the customer and their orders. */
  redactCustomer(
    shop: string,
    customer: { customerId?: number; email?: string },
  ): Promise<{ webhookIds: string[] }> {
    return this.call('POST', `/_emulator/shops/${shop}/privacy/customers-redact`, customer);
  }

  /** Sends shop/redact (only once the app is uninstalled, as on the platform). */
  redactShop(shop: string): Promise<{ webhookIds: string[] }> {
    return this.call('POST', `/_emulator/shops/${shop}/privacy/shop-redact`, {});
  }

  /** Switches a fault on (see faults.ts); answers it with its id. */
  addFault(fault: FaultInput): Promise<FaultView> {
    return this.call('POST', '/_emulator/faults', fault);
  }

  async faults(): Promise<FaultView[]> {
    return (await this.call<{ faults: FaultView[] }>('GET', '/_emulator/faults')).faults;
  }

  async removeFault(id: string): Promise<void> {
    await this.call('DELETE', `/_emulator/faults/${encodeURIComponent(id)}`);
  }

  /** Switches every fault off and drops the requests a hang fault holds. */
  async clearFaults(): Promise<void> {
    await this.call('DELETE', '/_emulator/faults');
  }

  /** Sets the platform's clock ("January 2, 2027"); null: this machine's clock again. */
  setClock(now: string | null): Promise<TokenPolicyView> {
    return this.call('POST', '/_emulator/clock', { now });
  }

  /** From this date non-expiring offline tokens are refused; null: never. */
  setTokenCutoff(cutoff: string | null): Promise<TokenPolicyView> {
    return this.call('POST', '/_emulator/token-cutoff', { cutoff });
  }

  /** Installs the app as the app listing does: its declared scopes, no OAuth redirect. */
  managedInstall(shop: string): Promise<{ scopes: string[] }> {
    return this.call('POST', `/_emulator/shops/${shop}/managed-install`, {});
  }

  /** A session token as App Bridge hands it to the app (for a staff user, minted at a time). */
  async sessionToken(shop: string, options: { userId?: string; at?: string } = {}) {
    const { token } = await this.call<{ token: string }>(
      'POST',
      `/_emulator/shops/${shop}/session-token`,
      options,
    );
    return token;
  }

  /** Gives the installed shop a non-expiring offline token, as apps held before expiring ones. */
  issueNonExpiringToken(shop: string): Promise<{ accessToken: string }> {
    return this.call('POST', `/_emulator/shops/${shop}/non-expiring-token`, {});
  }

  /** Revokes the shop's tokens: its access and refresh tokens are refused from now on. */
  revokeTokens(shop: string): Promise<{ revoked: boolean }> {
    return this.call('POST', `/_emulator/shops/${shop}/revoke-tokens`, {});
  }

  reset(): Promise<{ reset: boolean }> {
    return this.call('POST', '/_emulator/reset', {});
  }
}
