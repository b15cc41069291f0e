// Every call of the contract table, fuzzed with hostile input under a real session: wrong
// types, huge and odd strings, control, NUL and bidi characters, impossible dates, crafted
// cursors, prototype keys, odd body encodings and another shop's ids. Whatever is sent, the
// answer is never a 5xx nor carries a stack or internal detail; a refusal changes nothing the
// shop has stored; text with a forbidden character is always refused; and the other shop's
// rows never change nor appear in an answer. New calls in the table are fuzzed by themselves.
import { api, errorBody, type CallName } from '@gatehouse/contracts';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';
import { fuzzShops, INTERNALS, SECRET, SECRET_IP, SEED } from './fuzz-shops.js';
import {
  applyMutation,
  ODD_JSON_BODIES,
  mutation,
  plausibleInput,
  requestFields,
  type ForeignIds,
} from './hostile-inputs.js';
import { shopTables, snapshotShop } from './shop-snapshot.js';

const RUNS_PER_CALL = 6;

let t: TestApp;
let mine: SignedIn;
let mineId: string;
let otherId: string;
let tables: string[];
let foreign: ForeignIds;

beforeAll(async () => {
  t = await createTestApp();
  ({ mine, mineId, otherId, foreign } = await fuzzShops(t));
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
    expect(Object.keys(body).sort(), where).toEqual(['Message', 'code', 'issues']);
    expect(errorBody.strict().safeParse(body).success, where).toBe(true);
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
      for (const [type, payload] of ODD_JSON_BODIES) {
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
