// The Realtime Access Log's live tail ends at once when its session may no longer read it: on
// logout, on uninstall and when the shop loses the plan that has the Firewall, it is closed
// and no entry stored after is sent. Another session's stream stays open. The waits are bound
// at 20 s, loose for a loaded machine yet well under the stream's own check every minute, so
// only the announcement of the change can end it in time.
import { describe, expect, it } from 'vitest';
import { useSignedInShops, type ShopSession } from '../helpers/signed-in-shops.js';
import type { TestApp } from '../helpers/test-app.js';
import { deliverWebhook } from '../helpers/webhooks.js';
import {
  accessRecord,
  ANNOUNCED_WITHIN_MS,
  firewallOn,
  openTail,
  sendAccessLog,
  waitFor,
} from './access-log-tail.js';

let t: TestApp;
let shopsBy: Record<'logout' | 'uninstall' | 'plan', ShopSession>;
useSignedInShops(
  {
    logout: { name: 'stream-logout', plan: 'premium' },
    uninstall: { name: 'stream-uninstall', plan: 'premium' },
    plan: { name: 'stream-plan', plan: 'premium' },
  },
  (signedIn) => {
    ({ t, ...shopsBy } = signedIn);
  },
);

async function ingest(shop: ShopSession, url: string) {
  const res = await sendAccessLog(t, [accessRecord(shop.id, url)]);
  expect(res.statusCode, res.body).toBe(200);
}

/** Turns the shop's Firewall on, and opens two streams: one for each of two sessions. */
async function openStreams(shop: ShopSession) {
  const save = await t.call(
    'saveFirewallSettings',
    shop.token,
    firewallOn(shop.shop, `${shop.shop.split('.')[0]}.example.com`),
  );
  expect(save.statusCode, save.body).toBe(200);
  const mine = await openTail(t.config.appUrl, shop.token);
  expect(mine.response.status).toBe(200);
  await ingest(shop, '/before');
  await waitFor(() => mine.events.flat().length === 1, ANNOUNCED_WITHIN_MS);
  return mine;
}

/** After `revoke`, the stream ends and sends nothing stored since. */
async function endsAtOnce(
  shop: ShopSession,
  revoke: () => Promise<void>,
  open = () => openStreams(shop),
) {
  const tail = await open();
  await revoke();
  await ingest(shop, '/after');
  await waitFor(() => tail.ended, ANNOUNCED_WITHIN_MS);
  expect(tail.events.flat().map((e) => e.url)).toEqual(['/before']);
  await tail.close();
}

// Each test may wait out several of those bounds on a loaded machine.
describe('the live tail ends at once', { timeout: 90_000 }, () => {
  it('when its session logs out, while another session’s stays open', async () => {
    const shop = shopsBy.logout;
    const other = await t.signIn(shop.shop);
    const stays = await openTail(t.config.appUrl, other.token);
    await endsAtOnce(shop, async () => {
      expect((await t.call('logout', shop.token)).statusCode).toBe(200);
    });
    await waitFor(() => stays.events.flat().some((e) => e.url === '/after'), ANNOUNCED_WITHIN_MS);
    expect(stays.ended).toBe(false);
    await stays.close();
  });

  it('when the app is uninstalled', async () => {
    const shop = shopsBy.uninstall;
    await endsAtOnce(shop, async () => {
      expect((await deliverWebhook(t, 'app/uninstalled', shop.shop)).statusCode).toBe(200);
    });
  });

  it('when the shop falls back to a plan without the Firewall', async () => {
    const shop = shopsBy.plan;
    await endsAtOnce(shop, async () => {
      const res = await t.call('cancelSubscription', shop.token);
      expect(res.statusCode, res.body).toBe(200);
    });
  });
});
