// Every blocker call that can be replayed before it is saved turns its draft into exactly the
// rules the blocker loads once that call has saved it: the draft's rules (ids aside, which the
// database gives) equal the stored rules after the call, call after call, each on top of the
// last.
import { api, BOT_CATEGORIES, type CallName } from '@gatehouse/contracts';
import type { Rule } from '@gatehouse/engine';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shops, type Shop } from '../../src/core/db/schema.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let alice: SignedIn;

async function shopOf(who: SignedIn): Promise<Shop> {
  const [row] = await t.app.db.select().from(shops).where(eq(shops.domain, who.shop));
  return row!;
}

const withoutIds = (rules: Rule[]) => rules.map(({ id: _id, ...rest }) => rest);

const OFF = { enabled: false, action: { type: 'block' }, monitor: false } as const;
const categories = (on: Record<string, string>) => ({
  ...Object.fromEntries(BOT_CATEGORIES.map((id) => [id, 'off'])),
  ...on,
});

const GENERAL_SETTINGS = {
  appEnabled: true,
  blockPage: {
    title: 'Access denied',
    message: 'Sorry, this store is not available to you.',
    backgroundColor: '#ffffff',
    textColor: '#000000',
    logoUrl: null,
  },
  timeoutMs: 2000,
  logRetentionHours: 24,
  adminAccessEnabled: false,
};

/** Each call's draft, in the order they are saved. */
const STEPS: [CallName, Record<string, unknown>][] = [
  [
    'saveCountryBlocker',
    { mode: 'blacklist', countries: ['de', 'FR', 'DE'], action: { type: 'block' }, monitor: false },
  ],
  ['addIpBlocker', { ip: '203.0.113.0/24', note: 'scrapers' }],
  ['addWhiteLists', { ip: '203.0.113.7', note: 'office' }],
  ['addLegacyBlockList', { kind: 'ip', value: '198.51.100.0/24', note: 'legacy' }],
  ['addLegacyBlockList', { kind: 'country', value: 'ru', note: '' }],
  ['addAsnBlocker', { value: 'AS14061', note: '' }],
  ['addAsnBlocker', { value: 'Hetzner', note: '' }],
  [
    'saveAsnBlocker',
    { action: { type: 'redirect', url: 'https://example.com/sorry' }, monitor: true },
  ],
  ['addReferrerBlocker', { domains: ['spam.example', '*.junk.example'], note: '' }],
  ['saveReferrerBlocker', { action: { type: 'block' }, monitor: true }],
  [
    'saveVpnBlocker',
    {
      switches: { hosting: { ...OFF, enabled: true }, vpn: OFF, proxy: OFF, tor: OFF },
      allowPrivateRelay: false,
    },
  ],
  ['addVpnTrustedAsn', { asn: 'AS14061', note: '' }],
  ['saveBotBlocker', { action: { type: 'block' }, categories: categories({ ai: 'block' }) }],
  ['addBotBlocker', { pattern: 'evil-crawler', regex: false, mode: 'monitor', note: '' }],
  ['saveGeneralSettings', { ...GENERAL_SETTINGS, allowVerifiedCrawlers: false }],
  ['saveGeneralSettings', { ...GENERAL_SETTINGS, allowVerifiedCrawlers: true }],
];

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signIn('alice-drafts');
  await t.app.db.update(shops).set({ plan: 'premium' }).where(eq(shops.domain, alice.shop));
});
afterAll(async () => {
  await t?.close();
});

describe('draft rules', () => {
  it('are declared for every blocker call that saves or adds rules', () => {
    const replayable = (Object.keys(api) as CallName[]).filter((n) => t.app.blockers.draft(n));
    expect(new Set(replayable)).toEqual(new Set(STEPS.map(([call]) => call)));
  });

  it.each(STEPS.map((step, i) => [i, ...step] as const))(
    'step %i: %s stores the rules its draft said',
    async (_i, call, input) => {
      const draft = t.app.blockers.draft(call)!;
      const shop = await shopOf(alice);
      const parsed = api[call].request.parse(input);
      const drafted = await draft.rules(t.app.db, shop, parsed as never);
      const res = await t.call(call, alice.token, input);
      expect(res.statusCode, res.body).toBe(200);
      const stored = await draft.blocker.loadRules(t.app.db, await shopOf(alice));
      expect(withoutIds(drafted)).toEqual(withoutIds(stored));
    },
  );
});
