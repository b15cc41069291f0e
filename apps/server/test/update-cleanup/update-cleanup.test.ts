// The update clean-up against the platform emulator: a shop installed by an older Gatehouse
// (with write_script_tags, its script tag and its per-shop webhook subscriptions) loses those
// once, and only the app's own; the sweep sends the job for every installed shop not done yet;
// orders still arrive afterwards through the app's declared subscriptions; a shop that no longer
// grants script tags keeps its tags but loses its subscriptions.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { shops } from '../../src/core/db/schema.js';
import { updateCleanups } from '../../src/features/update-cleanup/update-cleanup-schema.js';
import {
  UPDATE_CLEANUP_JOB,
  UPDATE_CLEANUP_SWEEP_JOB,
} from '../../src/features/update-cleanup/update-cleanup-jobs.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

/** The scopes an older Gatehouse asked for. */
const OLD_SCOPES = 'read_orders,write_orders,read_themes,read_customers,write_script_tags';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SHOPIFY_SCOPES: OLD_SCOPES });
  // The sweep sent at start must be done before a shop is signed in: one it found would be
  // cleaned up in the background before the test leaves the older app's things behind.
  await vi.waitFor(
    async () => expect(await t.app.jobs.openJobs(UPDATE_CLEANUP_SWEEP_JOB, {})).toBe(0),
    { timeout: 30_000, interval: 50 },
  );
});
afterAll(async () => {
  await t?.close();
});

const domain = (handle: string) => `${handle}.myshopify.com`;

async function shopId(handle: string): Promise<string> {
  const [row] = await t.app.db
    .select()
    .from(shops)
    .where(eq(shops.domain, domain(handle)));
  return row!.id;
}

/** What an older Gatehouse left: its script tag and per-shop subscriptions; and another's tag. */
async function leaveOldThings(handle: string) {
  const [row] = await t.app.db
    .select()
    .from(shops)
    .where(eq(shops.domain, domain(handle)));
  const token = t.app.tokens.accessTokenOf(row!)!;
  await t.emulator.addOldScriptTag(domain(handle), `${t.config.appUrl}/storefront/fallback.js`);
  await t.emulator.addOldScriptTag(domain(handle), 'https://other-app.example/widget.js');
  for (const [topic, uri] of [
    ['ORDERS_CREATE', `${t.config.appUrl}/api/webhooks`],
    ['APP_UNINSTALLED', `${t.config.appUrl}/api/webhooks`],
    ['SHOP_UPDATE', 'https://elsewhere.example/hooks'],
  ] as const) {
    const res = await fetch(
      `${t.emulatorUrl}/shops/${domain(handle)}/admin/api/2025-10/graphql.json`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-shopify-access-token': token },
        body: JSON.stringify({
          query:
            'mutation($topic: WebhookSubscriptionTopic!, $uri: String!) { webhookSubscriptionCreate(topic: $topic, webhookSubscription: { uri: $uri, format: JSON }) { userErrors { message } } }',
          variables: { topic, uri },
        }),
      },
    );
    expect(res.status).toBe(200);
  }
}

describe('the update clean-up', () => {
  it("deletes the app's old script tag and per-shop subscriptions once, and nothing else", async () => {
    await t.signIn('old-install');
    await leaveOldThings('old-install');
    const id = await shopId('old-install');

    const first = await t.app.jobs.run(UPDATE_CLEANUP_JOB, { shopId: id });
    expect(first).toEqual({ done: 'now', scriptTags: 1, webhookSubscriptions: 2 });
    const state = await t.emulator.shop(domain('old-install'));
    expect(state.scriptTags.map((tag) => tag.src)).toEqual(['https://other-app.example/widget.js']);
    expect(state.webhookSubscriptions.map((s) => s.callbackUrl)).toEqual([
      'https://elsewhere.example/hooks',
    ]);

    // Once: a tag that turns up later is not the update's to remove.
    await t.emulator.addOldScriptTag(
      domain('old-install'),
      `${t.config.appUrl}/storefront/fallback.js`,
    );
    expect(await t.app.jobs.run(UPDATE_CLEANUP_JOB, { shopId: id })).toEqual({ done: 'already' });
    expect((await t.emulator.shop(domain('old-install'))).scriptTags).toHaveLength(2);
    const [row] = await t.app.db.select().from(updateCleanups).where(eq(updateCleanups.shopId, id));
    expect(row).toMatchObject({ scriptTagsDeleted: 1, webhookSubscriptionsDeleted: 2 });
  });

  it('is sent by the sweep for every installed shop not done yet, and orders still arrive', async () => {
    await t.signIn('swept-one');
    await t.signIn('swept-two');
    await leaveOldThings('swept-one');
    await leaveOldThings('swept-two');
    const sent = await t.app.jobs.run(UPDATE_CLEANUP_SWEEP_JOB, {});
    expect(sent).toMatchObject({ sent: expect.any(Number) });
    for (const handle of ['swept-one', 'swept-two']) {
      await expect
        .poll(async () => (await t.emulator.shop(domain(handle))).webhookSubscriptions.length, {
          timeout: 15_000,
          interval: 100,
        })
        .toBe(1);
      expect((await t.emulator.shop(domain(handle))).scriptTags).toHaveLength(1);
    }
    // The app's declared orders/create still reaches the app: recorded in its delivery log.
    await t.emulator.placeOrder(domain('swept-one'), {
      lines: [{ sku: 'BASECAMP-CAMP-STOVE', quantity: 1 }],
    });
    await expect
      .poll(
        async () =>
          (await t.emulator.deliveries({ shop: domain('swept-one'), topic: 'orders/create' })).map(
            (d) => [d.callbackUrl, d.status],
          ),
        { timeout: 15_000, interval: 100 },
      )
      .toEqual([[`${t.config.appUrl}/api/webhooks`, 'delivered']]);
  });

  it('leaves the tags of a shop that no longer grants script tags, but removes its subscriptions', async () => {
    await t.signIn('no-tag-scope');
    await leaveOldThings('no-tag-scope');
    await t.app.db
      .update(shops)
      .set({ grantedScopes: 'read_orders,write_orders,read_themes' })
      .where(eq(shops.domain, domain('no-tag-scope')));
    const outcome = await t.app.jobs.run(UPDATE_CLEANUP_JOB, {
      shopId: await shopId('no-tag-scope'),
    });
    expect(outcome).toEqual({ done: 'now', scriptTags: 'noScope', webhookSubscriptions: 2 });
    expect((await t.emulator.shop(domain('no-tag-scope'))).scriptTags).toHaveLength(2);
  });
});
