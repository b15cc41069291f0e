// The engine's decision table, run against the HTTP decision endpoint: the visitor's address
// arrives as X-Forwarded-For from loopback (a trusted proxy), geo is looked up by the server,
// and the answer must be the case's action (with the block page or redirect URL). Every rule
// set of the table is compiled by the engine and put in the shop's policy slot; a second part
// stores the rules the merchant calls can express through those calls and checks the same
// cases again from the database. The shop is on Premium, whose plan has the ISP/ASN, Referrer
// and Bot (VPN/Proxy) and Bot Blockers. A visit's referrer is sent as the storefront script sends
// it (`ref`), its user agent as the browser's header.
import {
  BOT_CATEGORIES,
  type AsnBlockerView,
  type BotBlockerView,
  type BotCategory,
  type DecideResponse,
  type IpEntry,
  type ReferrerBlockerView,
  type VpnBlockerSettings,
  type VpnBlockerView,
  type VpnNetwork,
} from '@gatehouse/contracts';
import { claimedCrawler, compile, decideCases, type DecideCase } from '@gatehouse/engine';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashSecret } from '../../src/core/crypto/secrets.js';
import { ipRules } from '../../src/protection/protection-schema.js';
import { VPN_RULE_ORDER } from '../../src/features/vpn-blocker/vpn-rules.js';
import { DEFAULT_BLOCK_PAGE } from '../../src/protection/block-page.js';
import { ruleDescriber } from '../../src/protection/rule-labels.js';
import { useSignedInShops, type ShopSession } from '../helpers/signed-in-shops.js';
import type { TestApp } from '../helpers/test-app.js';

const IN_AN_HOUR = () => new Date(Date.now() + 3_600_000).toISOString();

let t: TestApp;
let shop: ShopSession;
// The table decides hundreds of visits from a few addresses within a minute: the per-visitor
// limit of decisions is another test's subject.
useSignedInShops({ shop: { name: 'cases-store', plan: 'premium' } }, (s) => ({ t, shop } = s), {
  geo: true,
  env: { RATE_LIMIT_DECIDE_PER_MINUTE: '100000' },
});

async function decideOver(c: DecideCase, d?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/storefront/decide',
    headers: {
      'x-forwarded-for': c.visit.ip,
      ...(c.visit.userAgent !== undefined ? { 'user-agent': c.visit.userAgent } : {}),
    },
    query: {
      shop: shop.shop,
      url: c.visit.url,
      ...(c.visit.referrer !== undefined ? { ref: c.visit.referrer } : {}),
      ...(d ? { d } : {}),
      ...(c.visit.redirected ? { g: '1' } : {}),
    },
  });
  expect(res.statusCode).toBe(200);
  return res.json<DecideResponse>();
}

function expectAnswer(c: DecideCase, answer: DecideResponse) {
  expect(answer.action).toBe(c.expect.action);
  if (c.expect.action === 'block') {
    expect(answer.blockPage).toEqual(DEFAULT_BLOCK_PAGE);
    // The shopper learns the kind of reason, the store's address and the visit's reference.
    expect(answer.notice).toEqual({
      reason: expect.stringMatching(/^[\w ’]+$/),
      contactEmail: expect.stringMatching(/^(help@cases|hello@cases-store)\.example$/),
      reference: expect.stringMatching(/^\w{5}-\w{5}$/),
    });
  }
  if (c.expect.action === 'redirect') expect(answer.redirectUrl).toBe(c.expect.redirectUrl);
  expect(answer.prompt !== undefined).toBe(c.expect.prompt ?? false);
  if (c.expect.action === 'allow') expect(answer.token).toMatch(/^[0-9a-z]+\.[\w-]+\.[\w-]+$/);
}

describe('the decision table over HTTP', () => {
  it.each(decideCases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const compiled = compile(c.rules);
    if (!compiled.ok) throw new Error(compiled.errors[0]?.message);
    const device = t.app.protection.tokens.mintDevice(shop.id);
    t.app.protection.policies.prime({
      shopId: shop.id,
      domain: shop.shop,
      policy: compiled.policy,
      version: 'cases',
      describe: ruleDescriber(t.app.blockers, c.rules.rules),
      blockPage: { ...DEFAULT_BLOCK_PAGE },
      contactEmail: 'help@cases.example',
      adminAccess: true,
      devices: new Set([hashSecret(device)]),
    });
    const answer = await decideOver(c, c.visit.adminDevice ? device : undefined);
    expectAnswer(c, answer);
    expect(answer.adminAccess).toBe(c.visit.adminDevice ? true : undefined);
  });
});

/** The distinct action and monitor mode of a kind's rules (a blocker stores one). */
function settingsOf(c: DecideCase, kind: 'asn' | 'referrer' | 'network' | 'bot-agent') {
  return new Set(
    c.rules.rules
      .filter((r) => r.kind === kind)
      .map((r) =>
        'action' in r ? JSON.stringify([r.action ?? { type: 'block' }, r.monitor ?? false]) : '',
      ),
  );
}

type NetworkRule = Extract<DecideCase['rules']['rules'][number], { kind: 'network' }>;

/**
 * The Bot (VPN/Proxy) Blocker's switch a network rule is: one kind of network, or VPN with
 * iCloud Private Relay (the relay not allowed); null for a rule no switch stores.
 */
function switchOf(rule: NetworkRule): VpnNetwork | null {
  const kinds = rule.networks.filter((n) => n !== 'privateRelay');
  if (kinds.length !== 1) return null;
  const [kind] = kinds as [Exclude<(typeof kinds)[number], 'privateRelay'>];
  const relay = rule.networks.length === 2;
  return !relay || kind === 'vpn' ? kind : null;
}

/**
 * Network rules the blocker can store: each a switch of its own, all trusting the same
 * networks, and, when their actions differ, in the order the blocker tries its switches.
 */
function networkStorable(c: DecideCase): boolean {
  const rules = c.rules.rules.filter((r): r is NetworkRule => r.kind === 'network');
  const switches = rules.map(switchOf);
  if (switches.some((s) => s === null) || new Set(switches).size !== switches.length) return false;
  const trusted = new Set(rules.map((r) => JSON.stringify([...(r.exceptAsns ?? [])].sort())));
  const order = switches.map((s) => VPN_RULE_ORDER.indexOf(s!));
  const inOrder = order.every((o, i) => i === 0 || o > order[i - 1]!);
  return trusted.size <= 1 && (settingsOf(c, 'network').size <= 1 || inOrder);
}

/**
 * Bot Blocker rules as the blocker stores them: one category or one pattern each, one action
 * for all, the categories once each and in their fixed order, then the patterns.
 */
function botRulesStorable(c: DecideCase): boolean {
  const bots = c.rules.rules.filter((r) => r.kind === 'bot-agent');
  const actions = new Set(bots.map((r) => JSON.stringify(r.action ?? { type: 'block' })));
  const only = (r: (typeof bots)[number], part: 'categories' | 'patterns' | 'goodBots') =>
    r[part]?.length === 1 &&
    (['categories', 'patterns', 'goodBots'] as const).every((o) => o === part || !r[o]?.length);
  const last = BOT_CATEGORIES.length;
  const order = bots.map((r) =>
    only(r, 'categories')
      ? BOT_CATEGORIES.indexOf(r.categories![0] as BotCategory)
      : only(r, 'goodBots')
        ? last
        : only(r, 'patterns')
          ? last + 1
          : -1,
  );
  return (
    actions.size <= 1 &&
    order.every(
      (o, i) => o >= 0 && (i === 0 || o > order[i - 1]! || (o === order[i - 1] && o >= last)),
    )
  );
}

/**
 * The table's cases whose rules the merchant calls can store: plain IP entries, one Country
 * Blocker, ISP/ASN and referrer entries each sharing one action and monitor mode, the Bot
 * (VPN/Proxy) Blocker's switches, and Bot Blocker rules as it stores them.
 */
function storable(c: DecideCase): boolean {
  if (c.visit.adminDevice || !c.rules.appEnabled) return false;
  // A claimed crawler meets General Settings' verified-crawler switch, stored apart.
  if (claimedCrawler(c.visit.userAgent) !== null) return false;
  const countries = c.rules.rules.filter((r) => r.kind === 'country');
  return (
    countries.length <= 1 &&
    settingsOf(c, 'asn').size <= 1 &&
    settingsOf(c, 'referrer').size <= 1 &&
    networkStorable(c) &&
    botRulesStorable(c) &&
    c.rules.rules.every(
      (r) =>
        !r.scope &&
        r.enabled !== false &&
        (r.kind === 'country'
          ? !r.blockUnknown
          : r.kind === 'asn' ||
            r.kind === 'referrer' ||
            r.kind === 'network' ||
            r.kind === 'bot-agent' ||
            r.kind === 'ip-allow' ||
            (r.kind === 'ip-block' && !r.monitor && (!r.action || r.action.type === 'block'))),
    )
  );
}

const SWITCH_OFF = { enabled: false, action: { type: 'block' as const }, monitor: false };

describe('the decision table from rules saved through the merchant calls', () => {
  const cases = decideCases.filter(storable);

  it('covers a good part of the table', () => {
    expect(cases.length).toBeGreaterThanOrEqual(20);
    expect(cases.filter((c) => c.rules.rules.some((r) => r.kind === 'asn')).length).toBeGreaterThan(
      8,
    );
    expect(
      cases.filter((c) => c.rules.rules.some((r) => r.kind === 'referrer')).length,
    ).toBeGreaterThan(8);
    expect(
      cases.filter((c) => c.rules.rules.some((r) => r.kind === 'network')).length,
    ).toBeGreaterThanOrEqual(7);
    expect(
      cases.filter((c) => c.rules.rules.some((r) => r.kind === 'bot-agent')).length,
    ).toBeGreaterThan(15);
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    for (const list of ['ipBlocker', 'whiteLists'] as const) {
      const listed = await t.call(
        list === 'ipBlocker' ? 'listIpBlocker' : 'listWhiteLists',
        shop.token,
        { limit: 200 },
      );
      const ids = listed.json<{ entries: { id: string }[] }>().entries.map((e) => e.id);
      if (ids.length > 0) {
        const del = await t.call(
          list === 'ipBlocker' ? 'deleteIpBlocker' : 'deleteWhiteLists',
          shop.token,
          { ids },
        );
        expect(del.statusCode).toBe(200);
      }
    }
    const asnIds = (await t.call('getAsnBlocker', shop.token)).json<AsnBlockerView>().entries;
    if (asnIds.length > 0) {
      const del = await t.call('deleteAsnBlocker', shop.token, {
        ids: asnIds.map((e) => e.id),
      });
      expect(del.statusCode).toBe(200);
    }
    const referrerIds = (await t.call('getReferrerBlocker', shop.token)).json<ReferrerBlockerView>()
      .entries;
    if (referrerIds.length > 0) {
      const del = await t.call('deleteReferrerBlocker', shop.token, {
        ids: referrerIds.map((e) => e.id),
      });
      expect(del.statusCode).toBe(200);
    }
    const trustedIds = (await t.call('getVpnBlocker', shop.token)).json<VpnBlockerView>().trusted;
    if (trustedIds.length > 0) {
      const del = await t.call('deleteVpnTrustedAsns', shop.token, {
        ids: trustedIds.map((e) => e.id),
      });
      expect(del.statusCode).toBe(200);
    }
    const vpn: VpnBlockerSettings = {
      switches: { hosting: SWITCH_OFF, vpn: SWITCH_OFF, proxy: SWITCH_OFF, tor: SWITCH_OFF },
      allowPrivateRelay: true,
    };
    let trusted: number[] = [];
    const bot = (await t.call('getBotBlocker', shop.token)).json<BotBlockerView>();
    if (bot.patterns.length > 0) {
      const del = await t.call('deleteBotBlocker', shop.token, {
        ids: bot.patterns.map((e) => e.id),
      });
      expect(del.statusCode).toBe(200);
    }
    const botSettings = {
      action: { type: 'block' } as object,
      categories: Object.fromEntries(BOT_CATEGORIES.map((id) => [id, 'off'])),
      goodBots: Object.fromEntries(
        bot.goodBots.filter((g) => g.mode !== 'allow').map((g) => [g.name, 'allow']),
      ),
    };
    let asn = { action: { type: 'block' } as object, monitor: false };
    let referrer = { action: { type: 'block' } as object, monitor: false };
    let country = {
      mode: 'blacklist',
      countries: [] as string[],
      action: { type: 'block' } as object,
      monitor: false,
    };
    for (const rule of c.rules.rules) {
      if (rule.kind === 'country') {
        country = {
          mode: rule.mode,
          countries: rule.countries,
          action: rule.action ?? { type: 'block' },
          monitor: rule.monitor ?? false,
        };
        continue;
      }
      if (rule.kind === 'asn') {
        asn = { action: rule.action ?? { type: 'block' }, monitor: rule.monitor ?? false };
        for (const value of [...(rule.asns ?? []).map((n) => `AS${n}`), ...(rule.names ?? [])]) {
          const res = await t.call('addAsnBlocker', shop.token, { value });
          expect(res.statusCode, res.body).toBe(200);
        }
        continue;
      }
      if (rule.kind === 'bot-agent') {
        botSettings.action = rule.action ?? { type: 'block' };
        const mode = rule.monitor ? 'monitor' : 'block';
        for (const category of rule.categories ?? []) botSettings.categories[category] = mode;
        for (const name of rule.goodBots ?? []) botSettings.goodBots[name] = mode;
        for (const p of rule.patterns ?? []) {
          const res = await t.call('addBotBlocker', shop.token, {
            pattern: p.value,
            regex: p.regex ?? false,
            mode,
          });
          expect(res.statusCode, res.body).toBe(200);
        }
        continue;
      }
      if (rule.kind === 'referrer') {
        referrer = { action: rule.action ?? { type: 'block' }, monitor: rule.monitor ?? false };
        const res = await t.call('addReferrerBlocker', shop.token, { domains: rule.domains });
        expect(res.statusCode, res.body).toBe(200);
        continue;
      }
      if (rule.kind === 'network') {
        vpn.switches[switchOf(rule)!] = {
          enabled: true,
          action: rule.action ?? { type: 'block' },
          monitor: rule.monitor ?? false,
        };
        if (rule.networks.includes('privateRelay')) vpn.allowPrivateRelay = false;
        trusted = rule.exceptAsns ?? [];
        continue;
      }
      if (rule.kind !== 'ip-block' && rule.kind !== 'ip-allow') {
        throw new Error(`storable() let through a ${rule.kind} rule`);
      }
      // A save refuses an expiry already past, so an expired entry is one saved with a later
      // expiry whose time has since come: its stored expiry is moved into the past.
      const expired = rule.expiresAt !== undefined && Date.parse(rule.expiresAt) <= Date.now();
      const res = await t.call(
        rule.kind === 'ip-block' ? 'addIpBlocker' : 'addWhiteLists',
        shop.token,
        {
          ip: rule.ip,
          ...(rule.expiresAt ? { expiresAt: expired ? IN_AN_HOUR() : rule.expiresAt } : {}),
        },
      );
      expect(res.statusCode, res.body).toBe(200);
      if (expired) {
        await t.app.db
          .update(ipRules)
          .set({ expiresAt: new Date(rule.expiresAt!) })
          .where(eq(ipRules.id, res.json<IpEntry>().id));
      }
    }
    const saved = await t.call('saveCountryBlocker', shop.token, country);
    expect(saved.statusCode, saved.body).toBe(200);
    const savedAsn = await t.call('saveAsnBlocker', shop.token, asn);
    expect(savedAsn.statusCode, savedAsn.body).toBe(200);
    const savedReferrer = await t.call('saveReferrerBlocker', shop.token, referrer);
    expect(savedReferrer.statusCode, savedReferrer.body).toBe(200);
    for (const n of trusted) {
      const res = await t.call('addVpnTrustedAsn', shop.token, { asn: `AS${n}` });
      expect(res.statusCode, res.body).toBe(200);
    }
    const savedVpn = await t.call('saveVpnBlocker', shop.token, vpn);
    expect(savedVpn.statusCode, savedVpn.body).toBe(200);
    const savedBot = await t.call('saveBotBlocker', shop.token, botSettings);
    expect(savedBot.statusCode, savedBot.body).toBe(200);
    expectAnswer(c, await decideOver(c));
  });
});

it('serves the protection calls at their wire paths, behind a session', async () => {
  for (const url of [
    '/api/ipBlocker/add',
    '/api/regionBlocker/save',
    '/api/asnBlocker/add',
    '/api/referrerBlocker/add',
    '/api/vpnBlocker/save',
    '/api/botBlocker/add',
  ]) {
    const res = await t.app.inject({ method: 'POST', url, payload: {} });
    expect(res.statusCode, url).toBe(401);
  }
  const missing = await t.app.inject({ method: 'POST', url: '/api/ipBlocker/none', payload: {} });
  expect(missing.statusCode).toBe(404);
});
