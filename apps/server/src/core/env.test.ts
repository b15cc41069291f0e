import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultSupportApiKey, loadConfig as loadConfigFrom, repoRoot } from './env.js';

const scratch = mkdtempSync(join(tmpdir(), 'gatehouse-env-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let folders = 0;
const freshSecretFile = () => join(scratch, `data-${++folders}`, 'app-secret');

/** The configuration with its generated secret kept in a scratch folder, not the repository's. */
const loadConfig = (env: Record<string, string>) =>
  loadConfigFrom({ APP_SECRET_FILE: freshSecretFile(), ...env });

describe('server configuration', () => {
  it('has working development defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: 'localhost',
      appUrl: 'http://localhost:3000',
      databaseUrl: null,
      pgliteDir: `${repoRoot}.data/pglite`,
      platformUrl: 'http://localhost:4000',
      adminDist: `${repoRoot}apps/admin/dist`,
      trustedProxies: ['127.0.0.1', '::1'],
      shopify: {
        apiKey: 'gatehouse-dev-api-key',
        apiSecret: 'gatehouse-dev-api-secret',
        scopes: [
          'read_orders',
          'write_orders',
          'read_themes',
          'read_customers',
          'write_validations',
        ],
        apiVersion: '2026-10',
      },
    });
    expect(config.supportApiKey).toBe(defaultSupportApiKey(config.appSecret));
  });

  it('listens on loopback only outside production unless HOST says otherwise', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('localhost');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(
      loadConfig({ NODE_ENV: 'production', APP_SECRET: 'x'.repeat(40), HOST: '10.0.0.5' }).host,
    ).toBe('10.0.0.5');
    expect(loadConfig({ NODE_ENV: 'production', APP_SECRET: 'x'.repeat(40) }).host).toBe('0.0.0.0');
  });

  it('talks to real Shopify when PLATFORM_URL is empty', () => {
    expect(loadConfig({ PLATFORM_URL: '' }).platformUrl).toBeNull();
    expect(loadConfig({ PLATFORM_URL: 'http://127.0.0.1:4555/' }).platformUrl).toBe(
      'http://127.0.0.1:4555',
    );
  });

  it('fails naming the bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ APP_URL: 'not a url' })).toThrow(/APP_URL/);
    expect(() => loadConfig({ SHOPIFY_API_VERSION: '2025-11' })).toThrow(/SHOPIFY_API_VERSION/);
    expect(() => loadConfig({ TRUSTED_PROXIES: '10.0.0.1, proxy.internal' })).toThrow(
      /TRUSTED_PROXIES: "proxy.internal" is not an IP address/,
    );
  });

  it('bounds every call to the platform within 10 s by default, and refuses a time-out past the deadline', () => {
    expect(loadConfig({}).platformCalls).toEqual({
      attemptTimeoutMs: 4000,
      deadlineMs: 9000,
      maxAttempts: 4,
      retryBaseMs: 250,
    });
    expect(() => loadConfig({ PLATFORM_TIMEOUT_MS: '5000', PLATFORM_DEADLINE_MS: '3000' })).toThrow(
      /PLATFORM_TIMEOUT_MS: must not be longer than PLATFORM_DEADLINE_MS/,
    );
    expect(() => loadConfig({ PLATFORM_MAX_ATTEMPTS: '0' })).toThrow(/PLATFORM_MAX_ATTEMPTS/);
  });

  it('reads the crawler check’s DNS servers, and refuses a name that is not an address', () => {
    expect(loadConfig({}).protection.crawlerDnsServers).toEqual([]);
    expect(
      loadConfig({ CRAWLER_DNS_SERVERS: '127.0.0.1:5353, 2001:db8::53' }).protection
        .crawlerDnsServers,
    ).toEqual(['127.0.0.1:5353', '2001:db8::53']);
    expect(() => loadConfig({ CRAWLER_DNS_SERVERS: 'dns.example' })).toThrow(
      /CRAWLER_DNS_SERVERS: must be a comma-separated list of IP addresses/,
    );
  });

  it('reads trusted proxies as addresses, CIDR blocks and named ranges', () => {
    expect(
      loadConfig({ TRUSTED_PROXIES: ' 10.0.0.0/8 ,loopback,, 2001:db8::1' }).trustedProxies,
    ).toEqual(['10.0.0.0/8', 'loopback', '2001:db8::1']);
  });

  it.each(['0.0.0.0/0', '::ffff:0.0.0.0/96', '10.0.0.1/1', '2000::/3'])(
    'refuses a trusted proxy block as wide as %s: any visitor there could claim any address',
    (entry) => {
      expect(() => loadConfig({ TRUSTED_PROXIES: `10.0.0.1,${entry}` })).toThrow(
        /TRUSTED_PROXIES: .*(covers every address|at most a \/)/,
      );
    },
  );

  it('requires APP_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_SECRET: is required/);
    expect(
      loadConfig({ NODE_ENV: 'production', APP_SECRET: 'a-long-production-secret-value' })
        .appSecret,
    ).toBe('a-long-production-secret-value');
  });

  it('accepts private store origins only when listed, and never in production', () => {
    expect(loadConfig({}).firewall.devOrigins).toEqual([]);
    expect(loadConfig({ FIREWALL_DEV_ORIGINS: 'localhost:4000' }).firewall.devOrigins).toEqual([
      { host: 'localhost', port: 4000 },
    ]);
    expect(() => loadConfig({ FIREWALL_DEV_ORIGINS: 'http://localhost' })).toThrow(
      /FIREWALL_DEV_ORIGINS: "http:\/\/localhost" is not a host or host:port/,
    );
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        APP_SECRET: 'a-long-production-secret-value',
        FIREWALL_DEV_ORIGINS: 'localhost:4000',
      }),
    ).toThrow(/FIREWALL_DEV_ORIGINS: is for development only, never with NODE_ENV=production/);
  });

  it("loads App Bridge from Shopify's CDN, and a stand-in only outside production", () => {
    expect(loadConfig({}).appBridgeUrl).toBe('https://cdn.shopify.com/shopifycloud/app-bridge.js');
    const standIn = 'http://localhost:4000/app-bridge.js';
    expect(loadConfig({ APP_BRIDGE_URL: standIn }).appBridgeUrl).toBe(standIn);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        APP_SECRET: 'a-long-production-secret-value',
        APP_BRIDGE_URL: standIn,
      }),
    ).toThrow(/APP_BRIDGE_URL: is for development only/);
  });

  it('reads the background-job settings, the purge schedule empty meaning never', () => {
    const config = loadConfig({});
    expect(config.protection.visitPurgeSchedule).toBe('*/15 * * * *');
    expect(config.billing).toMatchObject({ retryDelaySeconds: 30, retryLimit: 7 });
    expect(config.jobs).toEqual({
      pollIntervalSeconds: 2,
      superviseIntervalSeconds: 60,
      stopTimeoutMs: 10_000,
      schedules: true,
    });
    expect(loadConfig({ JOB_SCHEDULES: 'off' }).jobs.schedules).toBe(false);
    expect(() => loadConfig({ JOB_SCHEDULES: 'no' })).toThrow(/JOB_SCHEDULES/);
    expect(loadConfig({ VISIT_PURGE_SCHEDULE: '' }).protection.visitPurgeSchedule).toBeNull();
    expect(
      loadConfig({ VISIT_PURGE_SCHEDULE: ' 5 */2 * * 1-5 ' }).protection.visitPurgeSchedule,
    ).toBe('5 */2 * * 1-5');
    expect(() => loadConfig({ VISIT_PURGE_SCHEDULE: 'every hour' })).toThrow(
      /VISIT_PURGE_SCHEDULE/,
    );
    expect(() => loadConfig({ JOB_POLL_INTERVAL_SECONDS: '0.1' })).toThrow(
      /JOB_POLL_INTERVAL_SECONDS/,
    );
  });
});

describe('network feeds settings', () => {
  it('default to the publishers’ addresses, each replaceable by name', () => {
    const feeds = loadConfig({}).networkFeeds;
    expect(feeds.urls['tor-exits']).toBe('https://check.torproject.org/torbulkexitlist');
    expect(feeds.schedule).toBe('23 */6 * * *');
    const local = loadConfig({
      NETWORK_FEED_URLS:
        'tor-exits=http://127.0.0.1:9/tor, bingbot=https://mirror.example/bing.json',
      NETWORK_FEEDS_SCHEDULE: '',
    }).networkFeeds;
    expect(local.urls['tor-exits']).toBe('http://127.0.0.1:9/tor');
    expect(local.urls['bingbot']).toBe('https://mirror.example/bing.json');
    expect(local.urls['applebot']).toBe('https://search.developer.apple.com/applebot.json');
    expect(local.schedule).toBeNull();
  });

  it.each([
    ['an unknown feed', 'tor=http://127.0.0.1/tor', /tor=http.*must be name=url/],
    ['a missing name', '=http://127.0.0.1/tor', /must be name=url/],
    ['a non-http address', 'tor-exits=file:///etc/passwd', /not an http\(s\) address/],
  ])('refuse %s', (_name, value, message) => {
    expect(() => loadConfig({ NETWORK_FEED_URLS: value })).toThrow(message);
  });
});

describe('the app secret without APP_SECRET', () => {
  it('is generated on the first start, kept with mode 0600 and reused by later starts', () => {
    const file = freshSecretFile();
    const first = loadConfigFrom({ APP_SECRET_FILE: file });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(join(file, '..')).mode & 0o077).toBe(0);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.appSecret);
    const second = loadConfigFrom({ APP_SECRET_FILE: file });
    expect(second.appSecret).toBe(first.appSecret);
    expect(second.supportApiKey).toBe(first.supportApiKey);
  });

  it('differs between installations, so the support key cannot be computed from the source', () => {
    const a = loadConfigFrom({ APP_SECRET_FILE: freshSecretFile() });
    const b = loadConfigFrom({ APP_SECRET_FILE: freshSecretFile() });
    expect(a.appSecret).not.toBe(b.appSecret);
    expect(a.supportApiKey).not.toBe(b.supportApiKey);
    expect(a.appSecret.length).toBeGreaterThanOrEqual(32);
    for (const config of [a, b]) {
      expect(config.appSecret).not.toBe('gatehouse-dev-app-secret-change-me-in-production');
    }
    const source = readFileSync(new URL('./env.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/gatehouse-dev-app-secret/);
  });

  it('narrows a kept file readable by others back to 0600', () => {
    const file = freshSecretFile();
    const { appSecret } = loadConfigFrom({ APP_SECRET_FILE: file });
    chmodSync(file, 0o644);
    expect(loadConfigFrom({ APP_SECRET_FILE: file }).appSecret).toBe(appSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('refuses a kept file too short to be a secret, naming the variable', () => {
    const file = freshSecretFile();
    loadConfigFrom({ APP_SECRET_FILE: file });
    writeFileSync(file, 'short\n');
    expect(() => loadConfigFrom({ APP_SECRET_FILE: file })).toThrow(/APP_SECRET_FILE/);
  });

  it('is never written when APP_SECRET is set', () => {
    const file = freshSecretFile();
    const config = loadConfigFrom({
      APP_SECRET: 'a-configured-secret-value',
      APP_SECRET_FILE: file,
    });
    expect(config.appSecret).toBe('a-configured-secret-value');
    expect(() => statSync(file)).toThrow(/ENOENT/);
  });
});
