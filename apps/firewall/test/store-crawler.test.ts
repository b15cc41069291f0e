// The store's own crawler through the firewall: the merchant makes a crawler signature in the
// platform's admin (the emulator makes it with its key, as Shopify does, and publishes the key
// the firewall reads in Shopify's place) and pastes its three headers into their SEO tool.
// Every request carrying them is let in past every Bot Blocker category and pattern, the
// country, ISP/ASN and hosting rules (every visitor here is a US cloud server), and the log
// names it; an IP block entry the merchant wrote still stops it; the same headers for another
// domain, or none, leave the tool judged like any bot.
import { FIREWALL_PROBE_PATH, type FirewallAccessRecord } from '@gatehouse/contracts';
import {
  NETWORK_HOSTING,
  UNKNOWN_FACTS,
  type GeoLookup,
  type Rule,
  type RuleSet,
} from '@gatehouse/engine';
import {
  buildEmulator,
  EmulatorControl,
  type CrawlerSignature,
} from '@gatehouse/platform-emulator';
import { freePort } from '@gatehouse/test-support';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send, shopOf, type RunningFirewall, withFirewall } from './helpers.js';

const SHOP = 'demo.myshopify.com';
const CRAWLED = 'crawled.example';
const BLOCKS_ADDRESS = 'address.example';
const FROG = 'Screaming Frog SEO Spider/21.0';
const geo: GeoLookup = {
  lookup: () => ({ ...UNKNOWN_FACTS, country: 'US', asn: 14061, network: NETWORK_HOSTING }),
};
const EVERYTHING = [
  {
    id: 'bots',
    kind: 'bot-agent',
    categories: ['ai-crawlers', 'ai-search', 'ai-agents', 'seo-tools', 'scripts', 'other-bots'],
    patterns: [{ value: 'Screaming Frog' }],
  },
  { id: 'countries', kind: 'country', mode: 'blacklist', countries: ['US'] },
  { id: 'asns', kind: 'asn', asns: [14061] },
  { id: 'hosting', kind: 'network', networks: ['hosting'] },
] as Rule[];
const rules = (...list: Rule[]): RuleSet => ({ appEnabled: true, rules: list });

const headersOf = (signature: CrawlerSignature) => ({
  'user-agent': FROG,
  'signature-agent': signature.signatureAgent,
  'signature-input': signature.signatureInput,
  signature: signature.signature,
});

describe("the store's own crawler, signed in the platform's admin", () => {
  const logged: FirewallAccessRecord[] = [];
  let emulator: FastifyInstance;
  let emulatorUrl: string;
  let firewall: RunningFirewall;
  let crawl: CrawlerSignature;
  let elsewhere: CrawlerSignature;
  let blockedCrawl: CrawlerSignature;

  beforeAll(async () => {
    const emulatorPort = await freePort();
    emulatorUrl = `http://127.0.0.1:${emulatorPort}`;
    emulator = await buildEmulator({
      publicUrl: emulatorUrl,
      appUrl: 'http://127.0.0.1:1',
      apiKey: 'crawler-test-key',
      apiSecret: 'crawler-test-secret',
      stateFile: null,
    });
    await emulator.listen({ port: emulatorPort, host: '127.0.0.1' });
    const control = new EmulatorControl(emulatorUrl);
    const month = 30 * 24 * 3600;
    crawl = await control.createCrawlerSignature(SHOP, {
      name: 'SEO audit',
      domain: CRAWLED,
      ttlSeconds: month,
    });
    elsewhere = await control.createCrawlerSignature(SHOP, {
      name: 'Other store',
      domain: 'elsewhere.example',
      ttlSeconds: month,
    });
    blockedCrawl = await control.createCrawlerSignature(SHOP, {
      name: 'Blocked address',
      domain: BLOCKS_ADDRESS,
      ttlSeconds: month,
    });
  });
  afterAll(() => emulator?.close());

  withFirewall(
    {
      origin: (app) => app.get('/*', async () => 'the store'),
      shops: (originUrl) => [
        shopOf(CRAWLED, originUrl, rules(...EVERYTHING)),
        shopOf(
          BLOCKS_ADDRESS,
          originUrl,
          rules({ id: 'mine', kind: 'ip-block', ip: '127.0.0.1' } as Rule),
        ),
      ],
      firewall: () => ({
        geo,
        agentDirectories: new Map([['shopify.com', emulatorUrl]]),
        accessLog: { record: (entry) => logged.push(entry) },
      }),
    },
    (s) => ({ firewall } = s),
  );

  const lastLogged = () => logged[logged.length - 1]!;

  it('is let in on every page it crawls, past every rule but the merchant’s IP entries', async () => {
    const plain = await send(firewall.port, CRAWLED, '/products/hat', {
      headers: { 'user-agent': FROG },
    });
    expect(plain.status).toBe(403);
    for (const path of ['/', '/products/hat', '/products/hat', '/collections/all']) {
      const answer = await send(firewall.port, CRAWLED, path, { headers: headersOf(crawl) });
      expect(answer.status).toBe(200);
      expect(answer.body.toString()).toBe('the store');
      expect(lastLogged()).toMatchObject({
        action: 'allow',
        rule: null,
        signedAgent: 'shopify.com',
      });
    }
  });

  it('is still stopped by an IP block entry the merchant wrote', async () => {
    const answer = await send(firewall.port, BLOCKS_ADDRESS, '/', {
      headers: headersOf(blockedCrawl),
    });
    expect(answer.status).toBe(403);
    expect(lastLogged()).toMatchObject({ rule: 'ip-block', signedAgent: 'shopify.com' });
  });

  it('is judged as any bot with a signature made for another domain', async () => {
    const answer = await send(firewall.port, CRAWLED, '/', { headers: headersOf(elsewhere) });
    expect(answer.status).toBe(403);
    expect(lastLogged()).toMatchObject({ action: 'block', signedAgent: null });
    const health = await send(firewall.port, 'any.example', `${FIREWALL_PROBE_PATH}/health`);
    expect(JSON.parse(health.body.toString()).signedAgents.refused['bad signature']).toBe(1);
  });
});
