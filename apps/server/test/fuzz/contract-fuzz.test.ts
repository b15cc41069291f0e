// Every call of the contract table, fuzzed with hostile input under a real session: wrong
// types, huge and odd strings, control, NUL and bidi characters, impossible dates, crafted
// cursors, prototype keys, odd body encodings and another shop's ids. Whatever is sent, the
// answer is never a 5xx nor carries a stack or internal detail; a refusal changes nothing the
// shop has stored; text with a forbidden character is always refused; and the other shop's
// rows never change nor appear in an answer. New calls in the table are fuzzed by themselves.
import { api, type CallName } from '@gatehouse/contracts';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visits } from '../../src/db/protection-schema.js';
import { shops } from '../../src/db/schema.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';
import {
  applyMutation,
  mutation,
  plausibleInput,
  requestFields,
  type ForeignIds,
} from './hostile-inputs.js';
import { shopTables, snapshotShop } from './shop-snapshot.js';

const SEED = 14_2026;
const RUNS_PER_CALL = 6;
const SECRET = 'other-shop-secret-note';
const SECRET_IP = '198.51.100.77';

/** What an answer must never show: stack frames, source paths, driver or SQL errors. */
const INTERNALS =
  /\bat [\w.<>]+ \(|node_modules|\.ts:\d+|ZodError|PGlite|drizzle|syntax error|violates|invalid byte sequence|unterminated|TypeError|ReferenceError|"stack"/i;

let t: TestApp;
let mine: SignedIn;
let other: SignedIn;
let mineId: string;
let otherId: string;
let tables: string[];
const foreign: ForeignIds = { ids: [], cursors: [] };

async function shopIdOf(domain: string): Promise<string> {
  const [row] = await t.app.db.select().from(shops).where(eq(shops.domain, domain));
  return row!.id;
}

async function seed(who: SignedIn, shopId: string, secret: string, ip: string) {
  await t.support('POST', '/api/support/set', { shop: who.shop, values: { plan: 'premium' } });
  const add = async (name: CallName, input: unknown) => {
    const res = await t.call(name, who.token, input);
    expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
    return res.json<Record<string, unknown>>();
  };
  const entries = [
    await add('addIpBlocker', { ip, note: secret }),
    await add('addIpBlocker', { ip: ip.replace(/\d+$/, '78'), note: secret }),
    await add('addWhiteLists', { ip: ip.replace(/\d+$/, '79'), note: secret }),
    await add('addAsnBlocker', { value: `${secret} isp`, note: secret }),
  ];
  await t.support('POST', '/api/support/notify', { shop: who.shop, text: secret });
  await t.app.db.insert(visits).values(
    [1, 2, 3].map((i) => ({
      shopId,
      time: new Date(Date.now() - i * 60_000),
      ip,
      country: 'US',
      region: null,
      city: null,
      asn: 64500,
      org: secret,
      url: `https://${secret}.example/`,
      referrer: '',
      userAgent: 'fuzz',
      action: 'allow' as const,
      ruleId: null,
      ruleKind: null,
      monitor: false,
      monitorRuleId: null,
    })),
  );
  return entries.map((e) => String(e.id));
}

beforeAll(async () => {
  t = await createTestApp();
  mine = await t.signIn('fuzz-mine');
  other = await t.signIn('fuzz-other');
  mineId = await shopIdOf(mine.shop);
  otherId = await shopIdOf(other.shop);
  await seed(mine, mineId, 'my-own-note', '203.0.113.77');
  foreign.ids.push(...(await seed(other, otherId, SECRET, SECRET_IP)));
  const notification = (await t.call('getNotification', other.token)).json<{ id: string }>();
  foreign.ids.push(notification.id);
  for (const name of ['listIpBlocker', 'listVisits'] as const) {
    const page = (await t.call(name, other.token, { limit: 1 })).json<{ nextCursor: string }>();
    expect(page.nextCursor).toBeTruthy();
    foreign.cursors.push(page.nextCursor);
  }
  tables = await shopTables(t.app.db);
});
afterAll(async () => {
  await t?.close();
});

const names = Object.keys(api) as CallName[];

function send(name: CallName, input: unknown): Promise<LightMyRequestResponse> {
  const call = api[name];
  const headers = { authorization: `Bearer ${mine.token}` };
  if (call.method === 'GET') {
    const query: Record<string, string | string[]> = {};
    for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
      query[key] = Array.isArray(value)
        ? value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)))
        : typeof value === 'string'
          ? value
          : JSON.stringify(value);
    }
    return t.app.inject({ method: 'GET', url: call.path, headers, query });
  }
  return t.app.inject({
    method: 'POST',
    url: call.path,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(input),
  });
}

function checkAnswer(name: CallName, res: LightMyRequestResponse) {
  const where = `${name} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, where).toBeLessThan(500);
  expect(res.body, where).not.toMatch(INTERNALS);
  expect(res.body, where).not.toContain(SECRET);
  expect(res.body, where).not.toContain(SECRET_IP);
  if (res.statusCode >= 400) {
    const body = res.json<Record<string, unknown>>();
    expect(Object.keys(body), where).toEqual(['Message']);
    expect(typeof body.Message, where).toBe('string');
  }
}

describe('contract fuzz', () => {
  it('every call has a request schema the generators can walk', () => {
    const unwalkable = names.filter((name) => requestFields(api[name].request) === null);
    expect(unwalkable).toEqual([]);
  });

  it.each(names)('%s: hostile input is refused cleanly and changes nothing', async (name) => {
    const fields = Object.keys(requestFields(api[name].request) ?? {});
    const base = plausibleInput(api[name].request);
    const otherBefore = await snapshotShop(t.app.db, tables, otherId);
    let mineBefore = await snapshotShop(t.app.db, tables, mineId);
    await fc.assert(
      fc.asyncProperty(mutation(fields, foreign), async (change) => {
        const res = await send(name, applyMutation(base, change));
        checkAnswer(name, res);
        if (change.forbidden) expect(res.statusCode, res.body).toBe(400);
        const mineAfter = await snapshotShop(t.app.db, tables, mineId);
        if (res.statusCode >= 400) expect(mineAfter).toEqual(mineBefore);
        mineBefore = mineAfter;
      }),
      { seed: SEED, numRuns: RUNS_PER_CALL, endOnFailure: true },
    );
    expect(await snapshotShop(t.app.db, tables, otherId)).toEqual(otherBefore);
    // The session survived whatever was sent (logout included).
    expect((await t.call('getAccountInfo', mine.token)).statusCode).toBe(200);
  });

  it.each(names.filter((name) => api[name].method === 'POST'))(
    '%s: odd bodies answer 4xx in the Message shape',
    async (name) => {
      const path = api[name].path;
      const before = await snapshotShop(t.app.db, tables, mineId);
      const bodies: [string, string | Buffer][] = [
        [
          'application/json',
          Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
        ],
        ['application/json', '{"a":'],
        ['application/json', '"text"'],
        ['application/json', '[1,2]'],
        ['application/json', '['.repeat(5000) + ']'.repeat(5000)],
        ['application/json', `{"a":"${'x'.repeat(1_100_000)}"}`],
        ['text/plain', 'hello'],
        ['application/json; charset=utf-16', Buffer.from('{"a":1}', 'utf16le')],
      ];
      for (const [type, payload] of bodies) {
        const res = await t.app.inject({
          method: 'POST',
          url: path,
          headers: { authorization: `Bearer ${mine.token}`, 'content-type': type },
          payload,
        });
        checkAnswer(name, res);
        expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      }
      expect(await snapshotShop(t.app.db, tables, mineId)).toEqual(before);
      expect((await t.call('getAccountInfo', mine.token)).statusCode).toBe(200);
    },
  );
});
