// The app embed watch against the platform emulator: a theme published over the one with the
// embed on (themes/publish) or the embed switched off (themes/update) is noticed within seconds,
// shown by getAppEmbedWarning and told once by a notification; switching it on again clears the
// warning; the scheduled sweep catches a change whose webhook never came; a shop that never had
// the embed on is not warned; the sweep reaches every watched shop past its page size, once;
// the call refuses a bad body and a missing session.
import { eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, shops } from '../../src/core/db/schema.js';
import {
  EMBED_CHECK_JOB,
  EMBED_SWEEP_JOB,
  EMBED_SWEEP_PAGE,
  sweepEmbeds,
  type EmbedCheckData,
} from '../../src/features/extensions/embed-watch-jobs.js';
import { appEmbedStates } from '../../src/features/extensions/extensions-schema.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const POLL = { timeout: 15_000, interval: 100 };

const offSince = async (who: SignedIn) =>
  (await t.call('getAppEmbedWarning', who.token, {})).json<{ offSince: string | null }>().offSince;

async function shopRow(who: SignedIn) {
  const [row] = await t.app.db.select().from(shops).where(eq(shops.domain, who.shop));
  return row!;
}

async function messages(who: SignedIn): Promise<string[]> {
  const rows = await t.app.db
    .select({ content: notifications.content })
    .from(notifications)
    .where(eq(notifications.shopId, (await shopRow(who)).id));
  return rows.map((row) => row.content);
}

/** Waits until the app has recorded the embed as `enabled`. */
async function seenAs(who: SignedIn, enabled: boolean) {
  const id = (await shopRow(who)).id;
  await expect
    .poll(async () => {
      const [row] = await t.app.db
        .select()
        .from(appEmbedStates)
        .where(eq(appEmbedStates.shopId, id));
      return row?.enabled;
    }, POLL)
    .toBe(enabled);
}

/** The embed on, and the app has seen it on. */
async function embedSeenOn(who: SignedIn) {
  await t.emulator.setAppEmbed(who.shop, true);
  await seenAs(who, true);
}

describe('the app embed watch', () => {
  it('warns once when another theme is published, and clears when the embed is on again', async () => {
    const alice = await t.signIn('alice-store');
    await embedSeenOn(alice);
    expect(await offSince(alice)).toBeNull();

    await t.emulator.addTheme(alice.shop, 'Horizon', true);
    await expect.poll(() => offSince(alice), POLL).not.toBeNull();
    expect(Date.now() - Date.parse((await offSince(alice))!)).toBeLessThan(60_000);
    expect(await messages(alice)).toEqual([
      expect.stringContaining("The Gatehouse app embed is off in your store's live theme"),
    ]);
    const notification = await t.call('getNotification', alice.token);
    expect(notification.json<{ content: string }>().content).toContain('Activate in Theme Editor');

    // Checking again while it stays off tells the merchant nothing new.
    const again = await t.app.jobs.run(EMBED_CHECK_JOB, { shopId: (await shopRow(alice)).id });
    expect(again).toEqual({ shop: alice.shop, found: 'off' });
    expect(await messages(alice)).toHaveLength(1);

    await t.emulator.setAppEmbed(alice.shop, true);
    await expect.poll(() => offSince(alice), POLL).toBeNull();
  });

  it('warns when the embed is switched off and saved in the theme editor', async () => {
    const bob = await t.signIn('bob-store');
    await embedSeenOn(bob);
    await t.emulator.setAppEmbed(bob.shop, false);
    await expect.poll(() => offSince(bob), POLL).not.toBeNull();
    expect(await messages(bob)).toHaveLength(1);
  });

  it('catches on its schedule a change whose webhook never came', async () => {
    const carol = await t.signIn('carol-store');
    await embedSeenOn(carol);
    const id = (await shopRow(carol)).id;
    await t.emulator.setAppEmbed(carol.shop, false);
    await expect.poll(() => offSince(carol), POLL).not.toBeNull();
    // As if themes/update had never come: the app still believes the embed is on.
    await t.app.db
      .update(appEmbedStates)
      .set({ enabled: true, turnedOffAt: null })
      .where(eq(appEmbedStates.shopId, id));
    await t.app.db.delete(notifications).where(eq(notifications.shopId, id));
    expect(await offSince(carol)).toBeNull();

    const sweep = await t.app.jobs.run(EMBED_SWEEP_JOB, {});
    expect(sweep).toMatchObject({ sent: expect.any(Number), shops: expect.any(Number) });
    await expect.poll(() => offSince(carol), POLL).not.toBeNull();
    expect(await messages(carol)).toHaveLength(1);
  });

  it('sweeps every watched shop once, however many pages they fill', async () => {
    const sealed = { accessTokenIv: 'iv', accessTokenTag: 'tag', accessTokenCiphertext: 'c' };
    const rows = Array.from({ length: 2 * EMBED_SWEEP_PAGE + 7 }, (_, i) => ({
      domain: `sweep-${i}.myshopify.com`,
      grantedScopes: i % 5 === 0 ? 'read_orders' : 'read_orders, write_themes',
      ...(i % 7 === 0 ? {} : sealed),
      ...(i % 11 === 0 ? { uninstalledAt: new Date() } : {}),
    }));
    const inserted = await t.app.db
      .insert(shops)
      .values(rows)
      .returning({ id: shops.id, domain: shops.domain });
    const watched = inserted
      .filter((_, i) => i % 5 !== 0 && i % 7 !== 0 && i % 11 !== 0)
      .map((row) => row.id);
    try {
      const sent: string[] = [];
      const jobs = {
        send: (name: string, data: EmbedCheckData, options: { singletonKey: string }) => {
          expect(name).toBe(EMBED_CHECK_JOB);
          expect(options.singletonKey).toBe(data.shopId);
          sent.push(data.shopId);
          return Promise.resolve('job');
        },
      };
      const answer = await sweepEmbeds({ db: t.app.db, jobs } as unknown as FastifyInstance);
      const ours = new Set(inserted.map((row) => row.id));
      const swept = sent.filter((id) => ours.has(id));
      expect(swept.toSorted()).toEqual(watched.toSorted());
      expect(answer.sent).toBe(sent.length);
      expect(answer.shops).toBe(sent.length);
    } finally {
      await t.app.db.delete(shops).where(like(shops.domain, 'sweep-%'));
    }
  });

  it('does not warn a shop that never had the embed on', async () => {
    const dave = await t.signIn('dave-store');
    await t.emulator.addTheme(dave.shop, 'Horizon', true);
    await seenAs(dave, false);
    expect(await offSince(dave)).toBeNull();
    expect(await messages(dave)).toEqual([]);
  });

  it('refuses a body with fields and a missing session', async () => {
    const erin = await t.signIn('erin-store');
    const extra = await t.call('getAppEmbedWarning', erin.token, { x: 1 });
    expect(extra.statusCode).toBe(400);
    expect(extra.json()).toHaveProperty('Message');
    expect((await t.call('getAppEmbedWarning', null, {})).statusCode).toBe(401);
  });
});
