// The engine's decision table, run against the HTTP decision endpoint: the visitor's address
// arrives as X-Forwarded-For from loopback (a trusted proxy), geo is looked up by the server,
// and the answer must be the case's action (with the block page or redirect URL). Every rule
// set of the table is compiled by the engine and put in the shop's policy slot; a second part
// stores the rules the merchant calls can express through those calls and checks the same
// cases again from the database. The shop is on Premium, whose plan has the ISP/ASN and
// Referrer Blockers. A visit's referrer is sent as the storefront script sends it (`ref`).
import type {
  AsnBlockerView,
  DecideResponse,
  IpEntry,
  ReferrerBlockerView,
} from '@gatehouse/contracts';
import { claimedCrawler, compile, decideCases, type DecideCase } from '@gatehouse/engine';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { hashSecret } from '../../src/crypto/secrets.js';
import { ipRules } from '../../src/db/protection-schema.js';
import { DEFAULT_BLOCK_PAGE } from '../../src/protection/block-page.js';
import { useSignedInShops, type ShopSession } from '../helpers/signed-in-shops.js';
import type { TestApp } from '../helpers/test-app.js';

const IN_AN_HOUR = () => new Date(Date.now() + 3_600_000).toISOString();

let t: TestApp;
let shop: ShopSession;
useSignedInShops({ shop: { name: 'cases-store', plan: 'premium' } }, (s) => ({ t, shop } = s), {
  geo: true,
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
    },
  });
  expect(res.statusCode).toBe(200);
  return res.json<DecideResponse>();
}

function expectAnswer(c: DecideCase, answer: DecideResponse) {
  expect(answer.action).toBe(c.expect.action);
  if (c.expect.action === 'block') expect(answer.blockPage).toEqual(DEFAULT_BLOCK_PAGE);
  if (c.expect.action === 'redirect') expect(answer.redirectUrl).toBe(c.expect.redirectUrl);
  if (c.expect.action === 'allow') expect(answer.token).toMatch(/^[0-9a-z]+\.[\w-]+$/);
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
      blockPage: { ...DEFAULT_BLOCK_PAGE },
      adminAccess: true,
      devices: new Set([hashSecret(device)]),
    });
    const answer = await decideOver(c, c.visit.adminDevice ? device : undefined);
    expectAnswer(c, answer);
    expect(answer.adminAccess).toBe(c.visit.adminDevice ? true : undefined);
  });
});

/** The distinct action and monitor mode of a kind's rules (a blocker stores one). */
function settingsOf(c: DecideCase, kind: 'asn' | 'referrer') {
  return new Set(
    c.rules.rules
      .filter((r) => r.kind === kind)
      .map((r) =>
        'action' in r ? JSON.stringify([r.action ?? { type: 'block' }, r.monitor ?? false]) : '',
      ),
  );
}

/**
 * The table's cases whose rules the merchant calls can store: plain IP entries, one Country
 * Blocker, and ISP/ASN and referrer entries each sharing one action and monitor mode.
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
    c.rules.rules.every(
      (r) =>
        !r.scope &&
        r.enabled !== false &&
        (r.kind === 'country'
          ? !r.blockUnknown
          : r.kind === 'asn' ||
            r.kind === 'referrer' ||
            r.kind === 'ip-allow' ||
            (r.kind === 'ip-block' && !r.monitor && (!r.action || r.action.type === 'block'))),
    )
  );
}

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
      if (rule.kind === 'referrer') {
        referrer = { action: rule.action ?? { type: 'block' }, monitor: rule.monitor ?? false };
        const res = await t.call('addReferrerBlocker', shop.token, { domains: rule.domains });
        expect(res.statusCode, res.body).toBe(200);
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
    expectAnswer(c, await decideOver(c));
  });
});

it('serves the protection calls at their wire paths, behind a session', async () => {
  for (const url of [
    '/api/ipBlocker/add',
    '/api/regionBlocker/save',
    '/api/asnBlocker/add',
    '/api/referrerBlocker/add',
  ]) {
    const res = await t.app.inject({ method: 'POST', url, payload: {} });
    expect(res.statusCode, url).toBe(401);
  }
  const missing = await t.app.inject({ method: 'POST', url: '/api/ipBlocker/none', payload: {} });
  expect(missing.statusCode).toBe(404);
});
