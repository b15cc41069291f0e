// Which browser is a marked Admin Access device, as the dashboard sees it: each admin browser
// arms its marking with its own key, and asks with that key. Another browser of the same
// merchant sees the marked devices counted and itself not among them; marking again from one
// browser replaces its older mark; unmarking from one browser leaves the others marked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let owner: SignedIn;
let shopId: string;

const LAPTOP = 'laptop-admin-browser-key-01';
const PHONE = 'phone-admin-browser-key-0001';
const TABLET = 'tablet-admin-browser-key-001';

/** The storefront, opened in the window the dashboard just armed. */
const storefront = (body: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/storefront/adminAccess',
    payload: { shop: owner.shop, shopId, ...body },
  });

const statusOf = async (device?: string) =>
  (await t.call('getAdminAccess', owner.token, device === undefined ? {} : { device })).json();

/** Presses "Enable Admin Access" in the browser with key `device`; the popup marks it. */
async function mark(device: string): Promise<string> {
  expect((await t.call('armAdminAccess', owner.token, { enabled: true, device })).json()).toBe(
    true,
  );
  const res = await storefront({ enabled: true });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().deviceToken as string;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn('devices-owner');
  shopId = (await t.call('getAccountInfo', owner.token)).json().shopId;
  await t.support('POST', '/api/support/set', { shop: owner.shop, values: { plan: 'premium' } });
});
afterAll(async () => {
  await t?.close();
});

describe('Admin Access devices as the dashboard sees them', () => {
  it('says no device is marked before any is', async () => {
    expect(await statusOf(LAPTOP)).toEqual({
      isAdminAccessMode: false,
      enabled: false,
      markedDevices: 0,
      thisDevice: false,
    });
  });

  it('knows the browser that marked itself, and tells another browser it is not one', async () => {
    await mark(LAPTOP);
    expect(await statusOf(LAPTOP)).toEqual({
      isAdminAccessMode: true,
      enabled: true,
      markedDevices: 1,
      thisDevice: true,
    });
    expect(await statusOf(PHONE)).toEqual({
      isAdminAccessMode: false,
      enabled: true,
      markedDevices: 1,
      thisDevice: false,
    });
    expect((await statusOf()).thisDevice).toBe(false);
  });

  it('replaces a browser’s older mark when it marks itself again', async () => {
    const phoneToken = await mark(PHONE);
    expect((await statusOf(PHONE)).markedDevices).toBe(2);
    // The phone's store storage was cleared: marked again, it is still one device.
    const again = await mark(PHONE);
    expect(again).not.toBe(phoneToken);
    expect(await statusOf(PHONE)).toMatchObject({ markedDevices: 2, thisDevice: true });
  });

  it('says a marked device is not let in while the setting is off', async () => {
    const settings = (await t.call('getGeneralSettings', owner.token)).json();
    const { maxLogRetentionHours: _max, ...saved } = settings;
    await t.call('saveGeneralSettings', owner.token, { ...saved, adminAccessEnabled: false });
    expect(await statusOf(LAPTOP)).toEqual({
      isAdminAccessMode: false,
      enabled: false,
      markedDevices: 2,
      thisDevice: true,
    });
    await t.call('saveGeneralSettings', owner.token, { ...saved, adminAccessEnabled: true });
    expect((await statusOf(LAPTOP)).isAdminAccessMode).toBe(true);
  });

  it('unmarks only the browser that pressed Disable, even without its device token', async () => {
    expect(
      (await t.call('armAdminAccess', owner.token, { enabled: false, device: LAPTOP })).json(),
    ).toBe(true);
    expect((await storefront({ enabled: false })).statusCode).toBe(200);
    expect(await statusOf(LAPTOP)).toMatchObject({ markedDevices: 1, thisDevice: false });
    expect(await statusOf(PHONE)).toMatchObject({ markedDevices: 1, thisDevice: true });
  });

  it('a Disable pressed in a browser that was never marked unmarks nobody', async () => {
    expect(
      (await t.call('armAdminAccess', owner.token, { enabled: false, device: TABLET })).json(),
    ).toBe(true);
    expect((await storefront({ enabled: false })).statusCode).toBe(200);
    expect(await statusOf(PHONE)).toMatchObject({ markedDevices: 1, thisDevice: true });
  });

  it('refuses a malformed device key on arming with 400 and arms nothing', async () => {
    const res = await t.call('armAdminAccess', owner.token, { enabled: true, device: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Message: 'The Admin Access device key is not valid.' });
    expect((await storefront({ enabled: true })).statusCode).toBe(400);
  });
});
