// The replay loop on its own: two compiled rule sets, made-up geo facts, visits in batches.
import {
  compile,
  UNKNOWN_FACTS,
  type GeoFacts,
  type GeoLookup,
  type Policy,
  type RuleSet,
} from '@gatehouse/engine';
import { describe, expect, it, vi } from 'vitest';
import { FACTS_KEPT, replayVisits, SLICE_MS, type ReplayVisit } from './replay.js';

const policy = (rules: RuleSet['rules']): Policy => {
  const result = compile({ appEnabled: true, rules });
  if (!result.ok) throw new Error(result.errors[0]?.message);
  return result.policy;
};
const blockCountries = (countries: string[], monitor = false) =>
  policy([
    {
      id: 'country',
      kind: 'country',
      mode: 'blacklist',
      countries,
      action: { type: 'block' },
      monitor,
    },
  ]);

const COUNTRY: Record<string, string> = { '10.0.0.1': 'DE', '10.0.0.2': 'DE', '10.0.0.3': 'FR' };
const geo: GeoLookup = {
  lookup: (ip): GeoFacts => ({ ...UNKNOWN_FACTS, country: COUNTRY[ip] ?? null }),
};

const visit = (ip: string, minute: number, over: Partial<ReplayVisit> = {}): ReplayVisit => ({
  time: Date.UTC(2030, 0, 1, 0, 60 - minute),
  ip,
  url: `https://shop.example/${minute}`,
  referrer: '',
  userAgent: 'Mozilla/5.0',
  adminDevice: false,
  ...over,
});

async function* batches(...groups: ReplayVisit[][]) {
  for (const group of groups) yield group;
}

const options = (current: Policy, draft: Policy, deadline = Infinity) => ({
  current,
  draft,
  geo,
  kinds: new Set(['country']),
  now: Date.UTC(2030, 0, 1),
  deadline,
});

describe('replayVisits', () => {
  it('counts newly blocked and released visits and the addresses they came from', async () => {
    const out = await replayVisits(
      batches(
        [visit('10.0.0.1', 1), visit('10.0.0.2', 2), visit('10.0.0.1', 3)],
        [visit('10.0.0.3', 4), visit('', 5)],
      ),
      options(blockCountries(['FR']), blockCountries(['DE'])),
    );
    expect(out.replayed).toBe(5);
    expect(out.blocked.toJSON()).toEqual({ visits: 3, visitors: 2 });
    expect(out.released.toJSON()).toEqual({ visits: 1, visitors: 1 });
    expect(out.total.toJSON()).toEqual({ visits: 3, visitors: 2 });
    expect(out.shared).toEqual({ country: 'DE' });
    expect(out.examples.map((e) => e.url)).toEqual([
      'https://shop.example/1',
      'https://shop.example/2',
      'https://shop.example/3',
    ]);
    expect(out.oldest).toEqual(visit('', 5).time);
    expect(out.outOfTime).toBe(false);
  });

  it('keeps the newest examples and the oldest visit whatever order a batch comes in', async () => {
    const minutes = [7, 2, 9, 1, 5, 3, 8, 4, 6];
    const out = await replayVisits(
      batches(
        minutes.slice(0, 5).map((m) => visit('10.0.0.1', m)),
        [...minutes.slice(5).map((m) => visit('10.0.0.2', m)), visit('10.0.0.3', 10)],
      ),
      { ...options(blockCountries([]), blockCountries(['DE'])), examples: 3 },
    );
    expect(out.blocked.toJSON()).toEqual({ visits: 9, visitors: 2 });
    expect(out.examples.map((e) => e.url)).toEqual(
      [1, 2, 3].map((m) => `https://shop.example/${m}`),
    );
    expect(out.oldest).toBe(visit('', 10).time);
  });

  it('reads rules’ facts, without the place, where the lookup offers them', async () => {
    const places: string[] = [];
    const withRuleFacts: GeoLookup = {
      lookup: (ip) => {
        places.push(ip);
        return geo.lookup(ip);
      },
      ruleFacts: (ip) => geo.lookup(ip),
    };
    const out = await replayVisits(
      batches([visit('10.0.0.1', 1), visit('10.0.0.3', 2), visit('10.0.0.1', 3)]),
      { ...options(blockCountries([]), blockCountries(['DE'])), geo: withRuleFacts },
    );
    expect(out.blocked.toJSON()).toEqual({ visits: 2, visitors: 1 });
    expect(places).toEqual([]);
  });

  it('looks a returning address up once while it is kept, and again once forgotten', async () => {
    const asked: string[] = [];
    const counting: GeoLookup = {
      lookup: (ip) => geo.lookup(ip),
      ruleFacts: (ip) => {
        asked.push(ip);
        return geo.lookup(ip);
      },
    };
    const many = Array.from({ length: FACTS_KEPT }, (_, i) => `10.1.${i >> 8}.${i & 255}`);
    const out = await replayVisits(
      batches(
        [visit('10.0.0.1', 1), visit('10.0.0.2', 2), visit('10.0.0.1', 3)],
        many.map((ip) => visit(ip, 4)),
        [visit('10.0.0.1', 5)],
      ),
      { ...options(blockCountries([]), blockCountries(['DE'])), geo: counting },
    );
    expect(asked.filter((ip) => ip === '10.0.0.1').length).toBe(2);
    expect(asked.length).toBe(FACTS_KEPT + 3);
    expect(out.blocked.toJSON()).toEqual({ visits: 4, visitors: 2 });
    expect(out.replayed).toBe(FACTS_KEPT + 4);
  });

  it('counts monitor mode as watched, not blocked', async () => {
    const out = await replayVisits(
      batches([visit('10.0.0.1', 1), visit('10.0.0.3', 2)]),
      options(blockCountries([]), blockCountries(['DE'], true)),
    );
    expect(out.blocked.visits).toBe(0);
    expect(out.monitored.toJSON()).toEqual({ visits: 1, visitors: 1 });
  });

  it('replays a device that had Admin Access with it', async () => {
    const out = await replayVisits(
      batches([visit('10.0.0.1', 1, { adminDevice: true }), visit('10.0.0.2', 2)]),
      options(blockCountries([]), blockCountries(['DE'])),
    );
    expect(out.blocked.toJSON()).toEqual({ visits: 1, visitors: 1 });
    expect(out.shared).toEqual({ ip: '10.0.0.2', country: 'DE' });
  });

  it('stops at the deadline and says so when visits were left', async () => {
    const out = await replayVisits(
      batches([visit('10.0.0.1', 1)], [visit('10.0.0.2', 2)], [visit('10.0.0.3', 3)]),
      options(blockCountries([]), blockCountries(['DE']), 0),
    );
    expect(out.replayed).toBe(1);
    expect(out.outOfTime).toBe(true);
    const all = await replayVisits(
      batches([visit('10.0.0.1', 1)]),
      options(blockCountries([]), blockCountries(['DE']), 0),
    );
    expect(all.outOfTime).toBe(false);
  });

  /** A week's worth of visits from many addresses, in one batch. */
  const busyWeek = (count: number) =>
    Array.from({ length: count }, (_, i) => visit(`10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`, 1));

  it('lets the event loop run while it decides a large batch', async () => {
    // The replay holds the loop for at most SLICE_MS of its own clock. That clock is made to
    // move SLICE_MS every time it is read, so every check of it ends a slice: then the loop
    // must get a turn between every few dozen visits, whatever the machine's speed. A counter
    // that asks for the next turn each time it runs counts the turns the loop got.
    const visits = 30_000;
    let clock = 0;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => (clock += SLICE_MS));
    let turns = 0;
    let counting = true;
    const count = () => {
      turns += 1;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    try {
      const out = await replayVisits(
        batches(busyWeek(visits)),
        options(blockCountries(['FR']), blockCountries(['DE'])),
      );
      expect(out.replayed).toBe(visits);
    } finally {
      counting = false;
      now.mockRestore();
    }
    // Decided at once, the batch would let the counter run once at most; in slices of 64
    // visits it runs once per slice.
    expect(turns).toBeGreaterThanOrEqual(Math.floor(visits / 64) - 1);
  });

  it('stops soon after its caller has gone, reading no further batch', async () => {
    const caller = new AbortController();
    let looked = 0;
    const leaving: GeoLookup = {
      lookup: (ip) => {
        looked += 1;
        if (looked === 1_000) caller.abort();
        return geo.lookup(ip);
      },
    };
    let read = 0;
    async function* counted() {
      for (let b = 0; b < 5; b++) {
        read += 1;
        yield busyWeek(100_000);
      }
    }
    const out = await replayVisits(counted(), {
      ...options(blockCountries([]), blockCountries(['DE'])),
      geo: leaving,
      signal: caller.signal,
    });
    expect(out.cancelled).toBe(true);
    expect(read).toBe(1);
    expect(out.replayed).toBeGreaterThanOrEqual(1_000);
    expect(out.replayed).toBeLessThan(100_000);
  });
});
