// What the tests with a real firewall in front of the emulator's store share: the firewall's
// policy source reading the test server, a visit through the firewall as a browser at a domain
// sends it, and how many requests reached the store itself.
import { ACCESS_REQUEST_PATH } from '@gatehouse/contracts';
import { createPolicySource } from '@gatehouse/firewall';
import { request as httpRequest } from 'node:http';
import type { TestApp } from '../helpers/test-app.js';

export async function policySourceOf(t: TestApp) {
  const source = createPolicySource({
    url: t.config.appUrl,
    accessRequestUrl: `${t.config.appUrl}${ACCESS_REQUEST_PATH}`,
    key: t.config.firewall.key,
    refreshMs: 60_000,
    timeoutMs: 5000,
    log: { warn: () => {}, error: () => {} },
  });
  await source.firstRead;
  return source;
}

/** One request through the firewall on 127.0.0.1:port for the domain `host`. */
export function visitThrough(
  port: number,
  host: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, headers: { host, ...headers }, timeout: 10_000 },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer in time')));
    req.on('error', reject);
    req.end();
  });
}

/** Requests the emulator's storefront of the shop has served. */
export async function storeRequests(t: TestApp, shop: string): Promise<number> {
  const res = await fetch(`${t.emulatorUrl}/_emulator/shops/${shop}/storefront-requests`);
  return ((await res.json()) as { count: number }).count;
}
