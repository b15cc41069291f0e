// A server still pinned to a retired Admin API version keeps working, since Shopify answers it
// as the oldest supported version, but the difference is noticed: support's `show` says which
// version Shopify answered for the version asked, and the server warned of it once.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ SHOPIFY_API_VERSION: '2025-10' });
});
afterAll(async () => {
  await t?.close();
});

describe('a server pinned to a retired API version', () => {
  it('signs a shop in, warns once, and support sees the version Shopify answered', async () => {
    const warn = vi.spyOn(t.app.log, 'warn');
    await t.signIn('retired-version');
    await t.signIn('retired-version-too');
    const warnings = warn.mock.calls.filter(([, message]) =>
      String(message).startsWith('Shopify answered API version'),
    );
    expect(warnings).toHaveLength(1);
    expect(t.app.platform.apiVersion.difference()).toMatchObject({
      asked: '2025-10',
      answered: expect.stringMatching(/^\d{4}-(01|04|07|10)$/),
    });
    const answered = t.app.platform.apiVersion.difference()!.answered;
    expect(answered > '2025-10').toBe(true);
    const res = await t.support('GET', '/api/support/show', { shop: 'retired-version' });
    expect(res.statusCode).toBe(200);
    expect(res.json().shop.apiVersion).toMatch(
      new RegExp(
        `^Shopify answered API version ${answered} for requests made with 2025-10 \\(since .+\\)$`,
      ),
    );
  });
});
