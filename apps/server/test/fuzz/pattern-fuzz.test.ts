// Merchant patterns, fuzzed through the merchant's own calls: generated regular expressions
// (random letters, classes, groups, choices and nested repetition, the shapes that stall a
// backtracking engine, lookaround and backreferences) saved as a custom user-agent pattern, a
// URL Blocker expression and glob, and an auto-cancel "matches" condition. Each save is taken
// or refused with a 400 in the error body (`Message`, `code`, `issues`) that changes nothing;
// a user-agent pattern taken then decides a storefront visit whose agent is a long hostile
// text, and that answer comes within a bound a backtracking engine misses by minutes.
import {
  CATASTROPHIC_PATTERNS,
  hostilePattern,
  hostileText,
} from '@gatehouse/test-support/hostile-patterns';
import { errorBody, NEW_AUTO_CANCEL_FILTER, type CallName } from '@gatehouse/contracts';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';
import { fuzzShops, INTERNALS, SEED } from './fuzz-shops.js';
import { shopTables, snapshotShop } from './shop-snapshot.js';

const RUNS = 20;
/** The most one storefront decision may take, on a loaded machine. */
const DECIDE_BOUND_MS = 2_000;

const patterns = fc.oneof(
  hostilePattern,
  fc.constantFrom(...CATASTROPHIC_PATTERNS),
  fc.constantFrom('(?=a)b', '(?<!a)b', '(a)\\1', '(?<n>a)\\k<n>', 'a{1001}', '[\\b]'),
);

let t: TestApp;
let mine: SignedIn;
let mineId: string;
let tables: string[];

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DECIDE_PER_MINUTE: '100000' });
  ({ mine, mineId } = await fuzzShops(t));
  tables = await shopTables(t.app.db);
});
afterAll(async () => {
  await t?.close();
});

/** Saves through a call: taken (200), or refused cleanly with nothing changed. */
async function save(name: CallName, input: unknown): Promise<LightMyRequestResponse> {
  // The visits the decisions queued are written first: they are not the save's doing.
  await t.app.visits.flush();
  const before = await snapshotShop(t.app.db, tables, mineId);
  const res = await t.call(name, mine.token, input);
  const where = `${name} ${JSON.stringify(input)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect([200, 400], where).toContain(res.statusCode);
  expect(res.body, where).not.toMatch(INTERNALS);
  if (res.statusCode === 400) {
    expect(Object.keys(res.json<object>()).sort(), where).toEqual(['Message', 'code', 'issues']);
    expect(errorBody.strict().safeParse(res.json()).success, where).toBe(true);
    expect(await snapshotShop(t.app.db, tables, mineId), where).toEqual(before);
  }
  return res;
}

async function decideMs(userAgent: string): Promise<number> {
  const started = performance.now();
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/storefront/decide',
    headers: { 'x-forwarded-for': '192.0.2.10', 'user-agent': userAgent },
    query: { shop: mine.shop, url: `https://${mine.shop}/` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return performance.now() - started;
}

describe('merchant pattern fuzz', () => {
  it("a trial shop's a*a*…a*! pattern decides a long agent of a's in time", async () => {
    const res = await save('addBotBlocker', { pattern: 'a*a*a*a*a*a*a*a*a*a*a*a*!', regex: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(await decideMs('a'.repeat(1_024))).toBeLessThan(DECIDE_BOUND_MS);
    const { id } = res.json<{ id: string }>();
    expect((await t.call('deleteBotBlocker', mine.token, { ids: [id] })).statusCode).toBe(200);
  });

  it('a user-agent pattern is taken or refused cleanly, and decides a long agent in time', async () => {
    let taken = 0;
    await fc.assert(
      fc.asyncProperty(patterns, hostileText(1_000), async (pattern, agent) => {
        const res = await save('addBotBlocker', { pattern, regex: true });
        if (res.statusCode !== 200) return;
        taken++;
        expect(await decideMs(agent), pattern).toBeLessThan(DECIDE_BOUND_MS);
        const { id } = res.json<{ id: string }>();
        expect((await t.call('deleteBotBlocker', mine.token, { ids: [id] })).statusCode).toBe(200);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
    expect(taken).toBeGreaterThan(0);
  });

  it('a URL Blocker expression or glob is taken or refused cleanly', async () => {
    const globs = fc
      .array(fc.constantFrom('*', '**', '/', 'a', '.', '?', '['), { minLength: 1, maxLength: 40 })
      .map((parts) => `/${parts.join('')}`);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          patterns.map((pattern) => ({ match: 'regex', pattern })),
          globs.map((pattern) => ({ match: 'glob', pattern })),
        ),
        async (input) => {
          const res = await save('addUrlBlocker', input);
          if (res.statusCode !== 200) return;
          const ids = res.json<{ entries: { id: string }[] }>().entries.map((e) => e.id);
          expect((await t.call('deleteUrlBlocker', mine.token, { ids })).statusCode).toBe(200);
        },
      ),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  });

  it('an auto-cancel "matches" condition is taken or refused cleanly', async () => {
    await fc.assert(
      fc.asyncProperty(patterns, async (value) => {
        const res = await save('saveAutoCancelFilter', {
          ...NEW_AUTO_CANCEL_FILTER,
          name: 'Pattern fuzz',
          mode: 'on',
          match: {
            any: false,
            groups: [{ any: false, conditions: [{ field: 'email', operator: 'matches', value }] }],
          },
        });
        if (res.statusCode !== 200) return;
        const { id } = res.json<{ id: string }>();
        expect((await t.call('deleteAutoCancelFilter', mine.token, { id })).statusCode).toBe(200);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  });
});
