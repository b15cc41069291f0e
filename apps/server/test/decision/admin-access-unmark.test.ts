// Turning Admin Access off from the storefront: the marked device's own token, or the window the
// signed-in merchant opened with "Disable Admin Access", may do it; anyone else who knows the
// shop's public id is refused and nothing changes.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminDevices } from '../../src/protection/protection-schema.js';
import { shops } from '../../src/core/db/schema.js';
import { adminAccessMessages } from '../../src/features/admin-access/admin-access-route.js';
import { useSignedInShops, type ShopSession } from '../helpers/signed-in-shops.js';
import type { TestApp } from '../helpers/test-app.js';

let t: TestApp;
let owner: ShopSession;
let shopId: string;
let deviceToken: string;

const post = (body: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/storefront/adminAccess',
    payload: { shop: owner.shop, shopId, ...body },
  });

/** Whether any device is still marked. */
const modeOn = async () => (await t.call('getAdminAccess', owner.token)).json().markedDevices > 0;

useSignedInShops({ owner: { name: 'unmark-owner', plan: 'premium' } }, (s) => ({ t, owner } = s));
beforeAll(async () => {
  shopId = (await t.call('getAccountInfo', owner.token)).json().shopId;
  const settings = (await t.call('getGeneralSettings', owner.token)).json();
  const { maxLogRetentionHours: _max, ...saved } = settings;
  await t.call('saveGeneralSettings', owner.token, { ...saved, adminAccessEnabled: true });
  expect((await t.call('armAdminAccess', owner.token, { enabled: true })).json()).toBe(true);
  const marked = await post({ enabled: true });
  expect(marked.statusCode).toBe(200);
  deviceToken = marked.json().deviceToken;
});

describe('turning Admin Access off from the storefront', () => {
  it('refuses a request without a device token and leaves the mode on', async () => {
    const res = await post({ enabled: false });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ Message: adminAccessMessages.notThisDevice });
    expect(await modeOn()).toBe(true);
  });

  it('refuses a forged, foreign or tampered token and leaves the mode on', async () => {
    const other = await t.signIn('unmark-other');
    const [otherShop] = await t.app.db.select().from(shops).where(eq(shops.domain, other.shop));
    const foreign = t.app.protection.tokens.mintDevice(otherShop!.id);
    for (const d of ['not-a-token', `${deviceToken}x`, foreign]) {
      const res = await post({ enabled: false, d });
      expect(res.statusCode).toBe(403);
      expect(res.json().Message).toBe(adminAccessMessages.notThisDevice);
    }
    expect(await modeOn()).toBe(true);
  });

  it('refuses a correctly signed token that was never given to a device', async () => {
    const [row] = await t.app.db.select().from(shops).where(eq(shops.domain, owner.shop));
    const neverIssued = t.app.protection.tokens.mintDevice(row!.id);
    const res = await post({ enabled: false, d: neverIssued });
    expect(res.statusCode).toBe(403);
    expect(await modeOn()).toBe(true);
  });

  it("accepts the marked device's own token, turns the mode off and revokes the device", async () => {
    const res = await post({ enabled: false, d: deviceToken });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isAdminAccessMode: false, deviceToken: null });
    expect(await modeOn()).toBe(false);
    const [row] = await t.app.db.select().from(shops).where(eq(shops.domain, owner.shop));
    const devices = await t.app.db
      .select()
      .from(adminDevices)
      .where(eq(adminDevices.shopId, row!.id));
    expect(devices).toHaveLength(1);
    expect(devices[0]!.revokedAt).toBeInstanceOf(Date);
    // The spent token cannot be used a second time.
    expect((await post({ enabled: false, d: deviceToken })).statusCode).toBe(403);
  });

  it('accepts a browser without a token once, right after the merchant pressed Disable on the dashboard, and unmarks what that browser marked', async () => {
    const device = 'laptop-admin-browser-key-01';
    expect((await t.call('armAdminAccess', owner.token, { enabled: true, device })).json()).toBe(
      true,
    );
    expect((await post({ enabled: true })).statusCode).toBe(200);
    expect(await modeOn()).toBe(true);

    expect((await t.call('armAdminAccess', owner.token, { enabled: false, device })).json()).toBe(
      true,
    );
    const res = await post({ enabled: false });
    expect(res.statusCode).toBe(200);
    expect(await modeOn()).toBe(false);
    // The press is spent: a second token-less call is refused.
    expect((await post({ enabled: false })).statusCode).toBe(403);
  });
});
