// A small client for the control endpoints, for tests and scripts that drive a running
// emulator over HTTP (the same way they reach it as "the platform").
import type { DeliveryView, HealthView, ShopStateView } from './control-types.js';

export class EmulatorControl {
  constructor(private readonly baseUrl: string) {}

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
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

  uninstall(shop: string): Promise<ShopStateView> {
    return this.call('POST', `/_emulator/shops/${shop}/uninstall`, {});
  }

  setAppEmbed(shop: string, enabled: boolean): Promise<ShopStateView> {
    return this.call('POST', `/_emulator/shops/${shop}/app-embed`, { enabled });
  }

  setScopes(shop: string, scopes: string[]): Promise<ShopStateView> {
    return this.call('POST', `/_emulator/shops/${shop}/scopes`, { scopes });
  }

  triggerWebhook(
    shop: string,
    topic: string,
    payload?: unknown,
  ): Promise<{ webhookIds: string[] }> {
    return this.call('POST', `/_emulator/shops/${shop}/webhooks`, { topic, payload });
  }

  reset(): Promise<{ reset: boolean }> {
    return this.call('POST', '/_emulator/reset', {});
  }
}
