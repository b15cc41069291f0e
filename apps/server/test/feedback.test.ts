// The rating feedback page and the admin version call.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ratingEvents, shops } from '../src/core/db/schema.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

let t: TestApp;
let shopifyId = '';
let shopUuid = '';
const dist = mkdtempSync(join(tmpdir(), 'admin-dist-'));

beforeAll(async () => {
  writeFileSync(join(dist, 'version.json'), JSON.stringify({ version: 'build-42' }));
  t = await createTestApp({ ADMIN_DIST: dist });
  const signed = await t.signIn('rated-store');
  const [row] = await t.app.db.select().from(shops).where(eq(shops.domain, signed.shop));
  shopifyId = row!.shopifyShopId!;
  shopUuid = row!.id;
});
afterAll(async () => {
  await t?.close();
});

const rated = () =>
  t.app.db
    .select()
    .from(ratingEvents)
    .where(and(eq(ratingEvents.shopId, shopUuid), eq(ratingEvents.kind, 'rated')));

describe('/feedback.html', () => {
  it('records the rating and offers a signed comment form', async () => {
    const res = await t.app.inject({ url: `/feedback.html?shopId=${shopifyId}&rating=3` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('Thank you for rating Gatehouse');
    expect(await rated()).toEqual([expect.objectContaining({ rating: 3, comment: null })]);
    const token = /name="token" value="([^"]+)"/.exec(res.body)![1]!;

    const post = (body: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/feedback.html',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(body).toString(),
      });
    expect((await post({ token, comment: '  ' })).statusCode).toBe(400);
    expect((await post({ token: `${token}x`, comment: 'hi' })).statusCode).toBe(400);
    expect((await post({ token, comment: 'x'.repeat(1001) })).statusCode).toBe(400);
    for (const comment of ['a\u0000b', 'a\u202eb']) {
      const refused = await post({ token, comment });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toMatch(
        /Your comment contains (an invisible control|a hidden text-direction) character/,
      );
    }
    expect((await rated())[0]!.comment).toBeNull();
    const ok = await post({ token, comment: 'More countries please' });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('Your feedback has been sent');
    expect((await rated())[0]!.comment).toBe('More countries please');
  });

  it('refuses a bad rating and answers an unknown shop politely', async () => {
    for (const q of ['rating=9', 'rating=abc', '']) {
      const res = await t.app.inject({ url: `/feedback.html?shopId=${shopifyId}&${q}` });
      expect(res.statusCode).toBe(400);
    }
    const unknown = await t.app.inject({ url: '/feedback.html?shopId=123456789&rating=2' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('We could not find your store');
  });
});

describe('GET /api/app/version', () => {
  it('answers the deployed admin build without a session', async () => {
    const res = await t.call('getAppVersion', null);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ version: 'build-42' });
  });
});
