// The last good policies survive a restart: each snapshot read is written to the cache file,
// and a firewall started while its policy source is down enforces the cached rules at once
// (and says so in its status) instead of letting everyone through.
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseDevOrigins } from '@gatehouse/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFirewall } from '../src/firewall-app.js';
import { createPolicySource } from '../src/policy-source.js';
import { KEY, send, shopOf, startOrigin, startPolicyServer, type PolicyServer } from './helpers.js';

const quiet = { warn: () => {}, error: () => {} };
let dir: string;
let originUrl: string;
let closeOrigin: () => Promise<void>;
let policies: PolicyServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'fw-cache-'));
  const origin = await startOrigin((app) => app.all('/*', async () => 'the store'));
  originUrl = origin.url;
  closeOrigin = () => origin.app.close();
  policies = await startPolicyServer({
    shops: [
      shopOf('cached.example.com', originUrl, {
        appEnabled: true,
        rules: [{ id: 'b1', kind: 'ip-block', ip: '198.51.100.7' }],
      }),
    ],
  });
});

afterAll(async () => {
  await policies?.app.close().catch(() => {});
  await closeOrigin?.();
  rmSync(dir, { recursive: true, force: true });
});

describe('the policy cache', () => {
  it('keeps the last snapshot read, readable by this user only', async () => {
    const cacheFile = join(dir, 'policies.json');
    const source = createPolicySource({
      url: policies.url,
      key: KEY,
      refreshMs: 60_000,
      timeoutMs: 2000,
      cacheFile,
      log: quiet,
    });
    await source.firstRead;
    source.close();
    expect(source.status()).toMatchObject({ shops: 1, fromCache: false });
    expect(statSync(cacheFile).mode & 0o777).toBe(0o600);
  });

  it('enforces the cached rules when restarted with the source down', async () => {
    await policies.app.close();
    const source = createPolicySource({
      url: policies.url,
      key: KEY,
      refreshMs: 60_000,
      timeoutMs: 500,
      cacheFile: join(dir, 'policies.json'),
      log: quiet,
    });
    // Before the first read has even settled.
    expect(source.forHost('cached.example.com')?.domain).toBeDefined();
    await source.firstRead;
    expect(source.status()).toMatchObject({ shops: 1, fromCache: true, loadedAt: null });
    const app = await buildFirewall({
      source,
      geo: () => null,
      key: KEY,
      originTimeoutMs: 5000,
      trustedProxies: ['127.0.0.1'],
      devOrigins: parseDevOrigins('127.0.0.1'),
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const blocked = await send(port, 'cached.example.com', '/', {
      headers: { 'x-forwarded-for': '198.51.100.7' },
    });
    expect(blocked.status).toBe(403);
    const allowed = await send(port, 'cached.example.com', '/', {
      headers: { 'x-forwarded-for': '8.8.8.8' },
    });
    expect(allowed.body.toString()).toBe('the store');
    source.close();
    await app.close();
  });

  it('starts empty without a cache file, and ignores a broken one', async () => {
    const broken = join(dir, 'broken.json');
    writeFileSync(broken, '{not json');
    const warnings: string[] = [];
    const source = createPolicySource({
      url: policies.url,
      key: KEY,
      refreshMs: 60_000,
      timeoutMs: 500,
      cacheFile: broken,
      log: { warn: (_o, msg) => warnings.push(msg), error: () => {} },
    });
    await source.firstRead;
    source.close();
    expect(source.status()).toMatchObject({ shops: 0, fromCache: false });
    expect(warnings).toContain('the cached policies could not be read');
  });
});
