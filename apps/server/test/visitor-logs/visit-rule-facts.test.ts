// The visitor log says what decided a visit when it was decided: the rule's name, the
// blocker's mode, the action and what a monitored rule would have done are kept with the
// visit, so a later change of the settings never rewrites a row, in the list or the export.
// Visits recorded before the facts were kept say what is still known and no more.
import type { VisitPage } from '@gatehouse/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visits } from '../../src/protection/protection-schema.js';
import { shops } from '../../src/core/db/schema.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';

const US = '8.8.8.8';
const DE = '88.198.0.1';

let t: TestApp;
let alice: SignedIn;
let aliceId: string;

const decide = (ip: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/storefront/decide',
    headers: { 'x-forwarded-for': ip, 'user-agent': 'test-browser/1.0' },
    query: { shop: alice.shop, url: `https://${alice.shop}/products/hat`, ref: '' },
  });

const saveCountries = (settings: Record<string, unknown>) =>
  t.call('saveCountryBlocker', alice.token, {
    countries: ['DE'],
    action: { type: 'block' },
    monitor: false,
    ...settings,
  });

const exportCsv = () =>
  t.app.inject({
    method: 'GET',
    url: '/api/visitors/export',
    headers: { authorization: `Bearer ${alice.token}` },
  });

/** The export as objects keyed by the header row (no field in these rows holds a comma). */
function csvRecords(body: string): Record<string, string>[] {
  const [header, ...lines] = body.trim().split('\r\n');
  const names = header!.split(',');
  return lines.map((line) => {
    const cells = line.split(',');
    return Object.fromEntries(names.map((n, i) => [n, cells[i] ?? '']));
  });
}

beforeAll(async () => {
  t = await createTestApp({ VISIT_PURGE_SCHEDULE: '' });
  alice = await t.signIn('alice-facts');
  const [shop] = await t.app.db.select().from(shops).where(eq(shops.domain, alice.shop));
  aliceId = shop!.id;
  await t.app.db.update(shops).set({ plan: 'premium' }).where(eq(shops.id, aliceId));
  await t.app.protection.geo.ready;
});
afterAll(async () => {
  await t?.close();
});

describe('a visit keeps what decided it', () => {
  it('still says whitelist after the Country Blocker is switched to blacklist', async () => {
    expect((await saveCountries({ mode: 'whitelist' })).statusCode).toBe(200);
    expect((await decide(US)).json().action).toBe('block');
    expect((await decide(DE)).json().action).toBe('allow');
    // Then a monitored blacklist of the US that would redirect.
    const redirect = { type: 'redirect', url: 'https://example.com/away' };
    await saveCountries({ mode: 'blacklist', countries: ['US'], action: redirect, monitor: true });
    expect((await decide(US)).json().action).toBe('allow');
    await t.app.visits.flush();
    // Now the blocker reads blacklist, block page, no monitor: nothing of it may show above.
    await saveCountries({ mode: 'blacklist', countries: [] });

    const page = (await t.call('listVisits', alice.token, {})).json<VisitPage>();
    expect(page.visits.map((v) => [v.ip, v.action])).toEqual([
      [US, 'allow'],
      [DE, 'allow'],
      [US, 'block'],
    ]);
    const [monitored, allowed, blocked] = page.visits;
    expect(blocked!.rule).toEqual({
      id: 'country',
      kind: 'country',
      label: 'Country Blocker (whitelist)',
      mode: 'whitelist',
      page: '/regionBlocker',
    });
    expect(blocked!.monitor).toBeNull();
    expect(allowed!.rule).toBeNull();
    expect(monitored!.rule).toBeNull();
    expect(monitored!.monitor).toEqual({
      id: 'country',
      kind: 'country',
      label: 'Country Blocker (blacklist)',
      mode: 'blacklist',
      page: '/regionBlocker',
      action: 'redirect',
    });

    const res = await exportCsv();
    expect(res.statusCode).toBe(200);
    const rows = csvRecords(res.body);
    expect(rows.map((r) => [r.ip, r.action, r.rule, r.mode, r.monitor, r.monitor_action])).toEqual([
      [US, 'allow', '', 'blacklist', 'Country Blocker (blacklist)', 'redirect'],
      [DE, 'allow', '', '', '', ''],
      [US, 'block', 'Country Blocker (whitelist)', 'whitelist', '', ''],
    ]);
  });

  it('names a list entry as it was, even after the entry is gone', async () => {
    const added = await t.call('visitQuickAction', alice.token, { action: 'blockIp', value: DE });
    expect(added.statusCode).toBe(200);
    expect((await decide(DE)).json().action).toBe('block');
    await t.app.visits.flush();
    const [entry] = (await t.call('listIpBlocker', alice.token, { search: '', limit: 10 })).json<{
      entries: { id: string }[];
    }>().entries;
    expect((await t.call('deleteIpBlocker', alice.token, { ids: [entry!.id] })).statusCode).toBe(
      200,
    );
    const page = (await t.call('listVisits', alice.token, { limit: 1 })).json<VisitPage>();
    expect(page.visits[0]!.rule).toMatchObject({
      id: entry!.id,
      kind: 'ip-block',
      label: `IP block list: ${DE}`,
      mode: null,
      page: '/ipBlocker',
    });
  });

  it('says what it cannot know of a visit recorded before the facts were kept', async () => {
    const time = new Date(Date.now() - 60_000);
    const old = {
      shopId: aliceId,
      time,
      ip: '203.0.113.9',
      url: 'https://shop.example/',
      action: 'block',
      ruleId: 'country',
      ruleKind: 'country',
    } as const;
    await t.app.db.insert(visits).values([
      old,
      {
        ...old,
        time: new Date(time.getTime() + 1),
        action: 'allow',
        ruleId: null,
        ruleKind: null,
        monitor: true,
        monitorRuleId: 'country',
      },
    ]);
    const page = (await t.call('listVisits', alice.token, { ip: '203.0.113.9' })).json<VisitPage>();
    expect(page.visits.map((v) => v.rule?.label ?? null)).toEqual([
      null,
      'Country Blocker (mode not recorded)',
    ]);
    expect(page.visits[1]!.rule!.mode).toBeNull();
    expect(page.visits[0]!.monitor).toMatchObject({
      kind: 'country',
      label: 'Country Blocker (mode not recorded)',
      mode: null,
      action: null,
    });
  });
});
