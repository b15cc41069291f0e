// General Settings' calls: defaults, then what was saved, only for the caller's shop; every
// bad input a 400 with a clear Message; Admin Access only on a paid plan.
import { protectionMessages } from '@gatehouse/contracts';
import { describe, expect, it } from 'vitest';
import { useSignedInShops, type ShopSession } from '../helpers/signed-in-shops.js';
import type { TestApp } from '../helpers/test-app.js';

let t: TestApp;
let alice: ShopSession;
let bob: ShopSession;
useSignedInShops({ alice: 'alice-rules', bob: 'bob-rules' }, (s) => ({ t, alice, bob } = s));

describe('General Settings', () => {
  const settings = {
    appEnabled: true,
    blockPage: {
      title: 'Closed',
      message: 'Not here.',
      backgroundColor: '#000',
      textColor: '#FFFFFF',
      logoUrl: 'https://cdn.example.com/logo.png',
    },
    timeoutMs: 3000,
    logRetentionHours: 12,
    adminAccessEnabled: false,
  };

  it('answers defaults, then saves', async () => {
    expect((await t.call('getGeneralSettings', alice.token)).json()).toEqual({
      appEnabled: true,
      blockPage: {
        title: 'Access denied',
        message: expect.any(String),
        backgroundColor: '#ffffff',
        textColor: '#202223',
        logoUrl: null,
      },
      timeoutMs: 2500,
      logRetentionHours: 24,
      adminAccessEnabled: false,
      allowVerifiedCrawlers: true,
      maxLogRetentionHours: 24,
    });
    const res = await t.call('saveGeneralSettings', alice.token, {
      ...settings,
      appEnabled: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      appEnabled: false,
      timeoutMs: 3000,
      blockPage: { textColor: '#ffffff' },
    });
    expect((await t.call('getAccountInfo', alice.token)).json().isAppDisabled).toBe(true);
    expect((await t.call('getGeneralSettings', bob.token)).json().appEnabled).toBe(true);
  });

  it.each([
    [{ blockPage: { ...settings.blockPage, backgroundColor: 'red' } }, protectionMessages.colour],
    [{ blockPage: { ...settings.blockPage, title: ' ' } }, protectionMessages.title],
    [
      { blockPage: { ...settings.blockPage, logoUrl: 'javascript:alert(1)' } },
      protectionMessages.logoUrl,
    ],
    [{ timeoutMs: 499 }, protectionMessages.timeout],
    [{ timeoutMs: 10_001 }, protectionMessages.timeout],
    [{ logRetentionHours: 25 }, 'Your plan keeps visitor logs for at most 24 hours.'],
  ])('refuses %j and changes nothing', async (change, message) => {
    const before = (await t.call('getGeneralSettings', alice.token)).json();
    const res = await t.call('saveGeneralSettings', alice.token, { ...settings, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ Message: message });
    expect((await t.call('getGeneralSettings', alice.token)).json()).toEqual(before);
  });

  it('needs a paid plan to turn Admin Access on', async () => {
    const res = await t.call('saveGeneralSettings', bob.token, {
      ...settings,
      adminAccessEnabled: true,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().Message).toBe(
      'This feature requires an Premium or Pay-As-You-Go subscription. Please upgrade your plan.',
    );
  });
});
