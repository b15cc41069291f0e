// The auto-cancel filters' calls: a paid feature (403 on Free); filters saved, listed, reordered
// and deleted for the caller's shop only (another shop's id is not found, and changes
// nothing); a filter that does not compile, or a body of the wrong shape, is a 400 with a
// message naming what is wrong, and nothing is stored.
import {
  NEW_AUTO_CANCEL_FILTER,
  type AutoCancelFilter,
  type AutoCancelFilterInput,
  type AutoCancelView,
} from '@gatehouse/contracts';
import { describe, expect, it } from 'vitest';
import { UPGRADE_MESSAGE } from '../../src/core/plan-gates.js';
import { useSignedInShops, type SignedInShops } from '../helpers/signed-in-shops.js';

let s: SignedInShops<'alice' | 'bob' | 'carol'>;
useSignedInShops(
  {
    alice: { name: 'acf-alice', plan: 'premium' },
    bob: { name: 'acf-bob', plan: 'payg' },
    carol: 'acf-carol',
  },
  (signedIn) => (s = signedIn),
);

const BIG_AWAY: AutoCancelFilterInput = {
  ...NEW_AUTO_CANCEL_FILTER,
  name: 'Big orders shipped elsewhere',
  mode: 'on',
  match: {
    any: false,
    groups: [
      {
        any: false,
        conditions: [
          { field: 'billingDiffersFromShipping', operator: 'is', value: true },
          { field: 'total', operator: 'greaterThan', value: 500 },
        ],
      },
    ],
  },
};

const listOf = async (who: 'alice' | 'bob') =>
  (await s.t.call('getAutoCancelFilters', s[who].token)).json<AutoCancelView>().filters;

async function save(who: 'alice' | 'bob', filter: AutoCancelFilterInput) {
  const res = await s.t.call('saveAutoCancelFilter', s[who].token, filter);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AutoCancelFilter>();
}

describe('auto-cancel filters', () => {
  it('refuses a plan without the feature with 403', async () => {
    for (const name of ['getAutoCancelFilters', 'getAutoCancelLog'] as const) {
      const res = await s.t.call(name, s.carol.token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ Message: UPGRADE_MESSAGE });
    }
    expect((await s.t.call('saveAutoCancelFilter', s.carol.token, BIG_AWAY)).statusCode).toBe(403);
    expect((await s.t.call('getAutoCancelFilters', null)).statusCode).toBe(401);
  });

  it('saves filters in order for the caller’s shop only, and updates one in place', async () => {
    expect(await listOf('alice')).toEqual([]);
    const first = await save('alice', BIG_AWAY);
    const second = await save('alice', { ...BIG_AWAY, name: 'Second', mode: 'monitor' });
    expect(first).toMatchObject({ name: BIG_AWAY.name, mode: 'on', position: 0 });
    expect(second.position).toBe(1);
    const view = (await s.t.call('getAutoCancelFilters', s.alice.token)).json<AutoCancelView>();
    expect(view.filters.map((f) => f.id)).toEqual([first.id, second.id]);
    expect(view.filters[0]!.match).toEqual(BIG_AWAY.match);
    expect(view).toMatchObject({ maxFilters: 50, dryRunDays: 30, dryRunMaxOrders: 5000 });
    expect(await listOf('bob')).toEqual([]);

    const renamed = await save('alice', { ...BIG_AWAY, id: first.id, name: 'Renamed' });
    expect(renamed).toMatchObject({ id: first.id, name: 'Renamed', position: 0 });
    expect((await listOf('alice')).map((f) => f.name)).toEqual(['Renamed', 'Second']);
  });

  it('reorders by the full list of ids, and refuses a partial or foreign list', async () => {
    const before = await listOf('alice');
    const reversed = before.map((f) => f.id).reverse();
    const res = await s.t.call('reorderAutoCancelFilters', s.alice.token, { ids: reversed });
    expect(res.statusCode).toBe(200);
    expect(res.json<AutoCancelView>().filters.map((f) => f.id)).toEqual(reversed);

    const bobs = await save('bob', BIG_AWAY);
    for (const ids of [reversed.slice(1), [...reversed.slice(1), bobs.id], [bobs.id]]) {
      const refused = await s.t.call('reorderAutoCancelFilters', s.alice.token, { ids });
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ Message: string }>().Message).toMatch(/every one of the shop/);
    }
    expect((await listOf('alice')).map((f) => f.id)).toEqual(reversed);
  });

  it('never lets another shop change, delete or poll what is not its own', async () => {
    const [mine] = await listOf('alice');
    const update = await s.t.call('saveAutoCancelFilter', s.bob.token, {
      ...BIG_AWAY,
      id: mine!.id,
      name: 'Hijacked',
    });
    expect(update.statusCode).toBe(404);
    const del = await s.t.call('deleteAutoCancelFilter', s.bob.token, { id: mine!.id });
    expect(del.statusCode).toBe(404);
    expect((await listOf('alice')).find((f) => f.id === mine!.id)?.name).toBe(mine!.name);

    const started = await s.t.call('startAutoCancelDryRun', s.alice.token, {
      match: BIG_AWAY.match,
    });
    expect(started.statusCode).toBe(200);
    const { id } = started.json<{ id: string }>();
    const poll = await s.t.call('getAutoCancelDryRun', s.bob.token, { id });
    expect(poll.statusCode).toBe(404);
  });

  const condition = (c: object) => ({
    ...BIG_AWAY,
    match: { any: false, groups: [{ any: false, conditions: [c] }] },
  });
  const bad: [string, unknown, string | RegExp][] = [
    [
      'an unknown field',
      condition({ field: 'colour', operator: 'equals', value: 'red' }),
      'Group 1, condition 1 (colour equals "red"): "colour" is not an order field',
    ],
    [
      'an operator that does not fit',
      condition({ field: 'total', operator: 'contains', value: '5' }),
      /condition 1 .*"contains" does not fit Order total/,
    ],
    [
      'an empty group',
      {
        ...BIG_AWAY,
        match: { any: false, groups: [...BIG_AWAY.match.groups, { any: true, conditions: [] }] },
      },
      'Group 2 is empty',
    ],
    [
      'a pattern with lookahead, which a linear-time engine cannot run',
      condition({ field: 'email', operator: 'matches', value: '^(?!.*@example\\.com)' }),
      'lookahead, (?= or (?!, is not supported in filter patterns.',
    ],
    [
      'a bad CIDR range',
      condition({ field: 'browserIp', operator: 'inList', value: ['10.0.0.1/8'] }),
      'did you mean 10.0.0.0/8',
    ],
    [
      'no groups',
      { ...BIG_AWAY, match: { any: false, groups: [] } },
      'A filter has 1 to 10 groups',
    ],
    [
      'no action',
      { ...BIG_AWAY, actions: { ...BIG_AWAY.actions, cancel: false } },
      'at least one action',
    ],
    ['an empty name', { ...BIG_AWAY, name: '  ' }, 'Give the filter a name'],
    ['an unknown mode', { ...BIG_AWAY, mode: 'sometimes' }, 'on, off, or in monitor mode'],
    ['an unknown key', { ...BIG_AWAY, colour: 'red' }, /colour/],
    [
      'a value that is an object',
      condition({ field: 'total', operator: 'equals', value: { n: 1 } }),
      "A condition's value",
    ],
  ];

  it.each(bad)(
    'refuses %s with a 400 naming it, and stores nothing',
    async (_name, body, message) => {
      const before = await listOf('alice');
      const res = await s.t.call('saveAutoCancelFilter', s.alice.token, body);
      expect(res.statusCode).toBe(400);
      const text = res.json<{ Message: string }>().Message;
      if (typeof message === 'string') expect(text).toContain(message);
      else expect(text).toMatch(message);
      expect(await listOf('alice')).toEqual(before);
      // A dry run of the same draft is refused the same way.
      const match = (body as { match?: unknown }).match;
      if (typeof message === 'string' && message.startsWith('Group')) {
        const dry = await s.t.call('startAutoCancelDryRun', s.alice.token, { match });
        expect(dry.statusCode).toBe(400);
      }
    },
  );

  it('deletes a filter', async () => {
    const before = await listOf('alice');
    const res = await s.t.call('deleteAutoCancelFilter', s.alice.token, { id: before[0]!.id });
    expect(res.statusCode).toBe(200);
    expect(res.json<AutoCancelView>().filters.map((f) => f.id)).toEqual(
      before.slice(1).map((f) => f.id),
    );
    const again = await s.t.call('deleteAutoCancelFilter', s.alice.token, { id: before[0]!.id });
    expect(again.statusCode).toBe(404);
  });
});
