// The app shell around the API: the built admin served with a SPA fallback, and rate limits on
// the public sign-in calls.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'gatehouse-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Gatehouse admin</title>');
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
  t = await createTestApp({ ADMIN_DIST: dist, RATE_LIMIT_SIGN_IN_PER_MINUTE: '3' });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('admin SPA', () => {
  it('serves files as they are and index.html for client routes', async () => {
    const asset = await t.app.inject({ url: '/assets/app.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toContain('immutable');
    for (const url of ['/', '/dashboard', '/loginComplete/abc', '/iplookup/1.2.3.4']) {
      const page = await t.app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('Gatehouse admin');
    }
  });

  it('answers 404 for a missing file and for unknown API paths', async () => {
    expect((await t.app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
    const api = await t.app.inject({ url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ Message: 'Not found.' });
  });

  it('answers an address it cannot decode with 400 in the Message shape, without echoing it', async () => {
    for (const url of ['/%ff%fe', '/api/%E0%A4%A', '/assets/%']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({
        Message: 'This address is not valid. Check it and try again.',
      });
    }
  });
});

describe('rate limits', () => {
  it('limits the public sign-in calls per client', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      codes.push((await t.call('spfLogin', null, { domain: 'limit-shop' })).statusCode);
    }
    expect(codes.slice(0, 3)).toEqual([200, 200, 200]);
    const limited = await t.call('spfLogin', null, { domain: 'limit-shop' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({
      Message: 'Too many requests. Please wait a minute and try again.',
    });
    // Session calls are not limited by it.
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});
