// The API's handling of every request: body size and JSON shape limits, health and security
// headers, and the plain page or JSON 404 when no admin build is there.
import { describe, expect, it } from 'vitest';
import { useSignedInShops, type ShopSession } from './helpers/signed-in-shops.js';
import type { TestApp } from './helpers/test-app.js';

let t: TestApp;
let alice: ShopSession;
useSignedInShops({ alice: 'alice-store' }, (s) => ({ t, alice } = s));

describe('request hygiene', () => {
  it('refuses a body over 1 MB with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/customerQuestion/create',
      headers: { authorization: `bearer ${alice.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({
        content: 'x'.repeat(1024 * 1024 + 10),
        name: 'A',
        replyEmail: 'a@b.co',
      }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ Message: 'The request is too large.' });
  });

  it('refuses malformed JSON and extra fields on no-body calls', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/account/getNotification',
      headers: { authorization: `bearer ${alice.token}`, 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ Message: 'The request body is not valid JSON.' });
    const extra = await t.call('setExtensionEnabled', alice.token, { shopId: 'someone-else' });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toHaveProperty('Message');
  });

  it('accepts a no-body call sent with an empty JSON body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/getWafConnected',
      headers: { authorization: `bearer ${alice.token}`, 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(200);
  });

  it('answers health and security headers', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.json()).toEqual({ ok: true });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves a plain page when the admin has not been built, and JSON 404 under /api', async () => {
    const page = await t.app.inject({ url: '/dashboard' });
    expect(page.headers['content-type']).toContain('text/html');
    // The not-found handler lives in the site scope: the admin's pages carry its headers.
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.body).toContain('npm run build');
    const api404 = await t.app.inject({ url: '/api/nothing-here' });
    expect(api404.statusCode).toBe(404);
    expect(api404.json()).toMatchObject({ Message: 'Not found.' });
  });
});
