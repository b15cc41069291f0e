// A merchant who blocks hosting networks at the firewall makes a crawler signature in Shopify's
// admin for their SEO tool: the tool, crawling from a cloud server, is blocked without the
// signature's three headers and let in with them on every page, and the merchant sees its
// requests in the Realtime Access Log named as their own crawler, at 1280 and 390 px.
import { request } from 'node:http';
import { SIGNED_AGENTS_NOTE } from '@gatehouse/contracts';
import { EmulatorControl } from '@gatehouse/platform-emulator';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, setFlags } from './support/account-state.js';
import { startFirewall, type TestFirewall } from './support/firewall.js';
import { screenshot, setUp, tearDown, type Fixture } from './support/fixtures.js';
import { clickAndAwait, shows } from './support/merchant.js';
import { signIn } from './support/sign-in.js';

const DIGITALOCEAN = '159.89.0.1'; // AS14061 DigitalOcean: servers for rent
const STORE_TEXT = 'Gear for the long way round';
const HOST = 'crawled-store.localhost';
const FROG = 'Screaming Frog SEO Spider/21.0';
const BADGE = 'Verified: your crawler signed in Shopify';

describe("the store's own crawler, signed in Shopify, through the firewall", () => {
  let f: Fixture;
  let admin: Page;
  let firewall: TestFirewall | undefined;
  let signature: Record<string, string> = {};

  /** One request of the crawler from the cloud server, as it sends them: no browser. */
  const crawl = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const sent = request(
        {
          host: '127.0.0.1',
          port: firewall!.port,
          path,
          timeout: 10_000,
          headers: {
            host: `${HOST}:${firewall!.port}`,
            // The firewall believes the loopback proxy's X-Forwarded-For.
            'x-forwarded-for': DIGITALOCEAN,
            'user-agent': FROG,
            ...headers,
          },
        },
        (answer) => {
          let body = '';
          answer.setEncoding('utf8');
          answer.on('data', (chunk: string) => (body += chunk));
          answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body }));
          answer.on('error', reject);
        },
      );
      sent.on('timeout', () => sent.destroy(new Error(`${path} did not answer in 10 s`)));
      sent.on('error', reject);
      sent.end();
    });

  beforeAll(async () => {
    f = await setUp();
    admin = await f.chrome.browser.newPage();
    await admin.setViewportSize({ width: 1280, height: 900 });
    await signIn(admin, f.stack.appUrl);
    await setFlags(f.stack, { isNew: false, plan: 'premium', isShowWaf: true });
    firewall = await startFirewall(f.stack);
    // The stack and the firewall start from scratch: minutes on a busy machine.
  }, 400_000);

  afterAll(async () => {
    await firewall?.stop();
    await tearDown(f);
  });

  it('lets the merchant block hosting networks at the firewall', async () => {
    await admin.goto(`${f.stack.appUrl}/vpnBlocker`);
    await admin.getByLabel('Block hosting and data-centre networks').check();
    await clickAndAwait(admin, 'Save', '/api/vpnBlocker/save');
    await shows(admin, 'Bot (VPN/Proxy) Blocker saved');

    await admin.goto(`${f.stack.appUrl}/firewallSettings`);
    await admin.getByLabel('Protect my store with the firewall').check();
    await admin.getByLabel('Domains').fill(HOST);
    await admin.getByLabel('Store origin').fill(`${f.stack.emulatorUrl}/shops/${DEMO}`);
    await admin.getByLabel('Bot (VPN/Proxy) Blocker').check();
    await clickAndAwait(admin, 'Save', '/api/firewall/saveSettings');
  });

  it('lets the crawler in from a cloud server with its signature, and only with it', async () => {
    // The merchant's Create signature in the platform's admin, for the store's domain.
    const made = await new EmulatorControl(f.stack.emulatorUrl).createCrawlerSignature(DEMO, {
      name: 'SEO audit',
      domain: `${HOST}:${firewall!.port}`,
      ttlSeconds: 30 * 24 * 3600,
    });
    signature = {
      'signature-agent': made.signatureAgent,
      'signature-input': made.signatureInput,
      signature: made.signature,
    };
    // Blocked without it, once the firewall has read the new settings.
    await expect.poll(async () => (await crawl('/')).status, { timeout: 10_000 }).toBe(403);

    for (const path of ['/', '/collections/all', '/']) {
      const answer = await crawl(path, signature);
      expect(answer.status, path).toBe(200);
      if (path === '/') expect(answer.body).toContain(STORE_TEXT);
    }
  });

  it('shows the merchant the crawler by name in the Realtime Access Log', async () => {
    await admin.goto(`${f.stack.appUrl}/fw-accessLog`);
    await admin.getByRole('heading', { name: 'Realtime Access Log' }).waitFor();
    const signed = admin.getByRole('row').filter({ hasText: BADGE });
    await expect.poll(() => signed.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    const first = await signed.first().innerText();
    expect(first).toContain(DIGITALOCEAN);
    expect(first).toContain('Allowed');
    // The same crawler without its signature is blocked and carries no name.
    const unsigned = admin
      .getByRole('row')
      .filter({ hasText: DIGITALOCEAN })
      .filter({ hasNotText: BADGE });
    expect(await unsigned.first().innerText()).toContain('Blocked');
    // What the name means, and the rules that still apply to it.
    await admin.getByText(SIGNED_AGENTS_NOTE).waitFor();
    await screenshot(admin, 'firewall-signed-crawler');
    await admin.setViewportSize({ width: 390, height: 860 });
    await admin.getByText(BADGE).first().waitFor();
    await screenshot(admin, 'firewall-signed-crawler-narrow');
  });
});
