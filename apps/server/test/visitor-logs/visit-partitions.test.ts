// The visit log's weekly partitions on a real database (PGlite, or Postgres with
// TEST_DATABASE_URL): the retention job creates the coming week and drops the weeks past the
// longest retention, a week created late takes over the visits the default partition held for
// it, shorter per-shop retention still deletes row by row, keyset pages run across partitions
// in exact (time, id) order, and a "URL contains" search goes on page after page past its
// scan budget.
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../../src/core/db/client.js';
import { shops } from '../../src/core/db/schema.js';
import {
  NO_NETWORK_FACTS,
  NO_RULE_FACTS,
  type VisitRecord,
} from '../../src/features/visitor-logs/visit-record.js';
import { writeVisits } from '../../src/features/visitor-logs/visit-writer.js';
import { purgeShopVisits, runRetention } from '../../src/features/visitor-logs/retention.js';
import {
  dropVisitPartitionsBefore,
  ensureVisitPartitions,
  listVisitPartitions,
  LONGEST_RETENTION_MS,
  partitionName,
  weekOf,
} from '../../src/features/visitor-logs/visit-partitions.js';
import { findVisits } from '../../src/features/visitor-logs/visit-query.js';
import { openTestDatabase } from '../helpers/test-database.js';

const DAY = 86_400_000;
const WEEK = 7 * DAY;
const log = pino({ level: 'silent' });
let opened: OpenedDatabase;

function visit(shopId: string, time: Date, i: number, url = `https://shop.example/${i}`) {
  return {
    shopId,
    time,
    ip: `198.51.100.${i % 250}`,
    country: 'FR',
    region: null,
    city: null,
    asn: 3215,
    org: 'Orange',
    url,
    referrer: '',
    userAgent: 'UA',
    action: 'allow',
    ruleId: null,
    ruleKind: null,
    monitor: false,
    monitorRuleId: null,
    ...NO_RULE_FACTS,
    ...NO_NETWORK_FACTS,
  } satisfies VisitRecord;
}

async function newShop(handle: string, plan: 'free' | 'premium' = 'free') {
  const [shop] = await opened.db
    .insert(shops)
    .values({ domain: `${handle}.myshopify.com`, shopifyShopId: handle, name: handle, plan })
    .returning({ id: shops.id });
  return shop!.id;
}

/** Where each of a shop's visits is stored, oldest first. */
async function placement(shopId: string): Promise<string[]> {
  const result = await opened.db.execute(sql`
    select c.relname as partition from visits v join pg_class c on c.oid = v.tableoid
    where v.shop_id = ${shopId} order by v.time, v.id`);
  return (result as unknown as { rows: { partition: string }[] }).rows.map((r) => r.partition);
}

/** Deletes a shop's visits, so the retention test counts only its own. */
async function forget(shopId: string) {
  await opened.db.execute(sql`delete from visits where shop_id = ${shopId}`);
}

beforeAll(async () => {
  opened = await openTestDatabase();
});

afterAll(async () => {
  await opened?.close();
});

describe(`visit partitions (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('starts with this week and the next ready', async () => {
    const weeks = await listVisitPartitions(opened.db);
    const now = weekOf(Date.now());
    expect(weeks.get(now)).toBe(partitionName(now));
    expect(weeks.get(now + WEEK)).toBe(partitionName(now + WEEK));
    expect(new Date(now).getUTCDay()).toBe(1);
  });

  it('creates a missing week and moves in the visits the default partition held for it', async () => {
    const shopId = await newShop('late-week');
    const week = weekOf(Date.UTC(2031, 4, 14));
    const times = [week - 1, week, week + WEEK / 2, week + WEEK - 1, week + WEEK];
    await writeVisits(
      opened.db,
      opened.kind,
      times.map((t, i) => visit(shopId, new Date(t), i)),
    );
    expect(await placement(shopId)).toEqual(Array(5).fill('visits_default'));

    expect(
      await ensureVisitPartitions(opened.db, new Date(week), new Date(week + 3 * DAY)),
    ).toEqual(['visits_p20310512']);
    expect(await placement(shopId)).toEqual([
      'visits_default',
      'visits_p20310512',
      'visits_p20310512',
      'visits_p20310512',
      'visits_default',
    ]);
    // Nothing to do the second time.
    expect(await ensureVisitPartitions(opened.db, new Date(week), new Date(week + DAY))).toEqual(
      [],
    );
    await forget(shopId);
  });

  it('drops whole weeks that end before the cutoff, and nothing after', async () => {
    const shopId = await newShop('drop-weeks');
    const first = weekOf(Date.UTC(2031, 6, 1));
    await ensureVisitPartitions(opened.db, new Date(first), new Date(first + 2 * WEEK));
    await writeVisits(
      opened.db,
      opened.kind,
      [0, 1, 2].map((k) => visit(shopId, new Date(first + k * WEEK + 1000), k)),
    );
    const dropped = await dropVisitPartitionsBefore(opened.db, new Date(first + 2 * WEEK - 1));
    expect(dropped).toContain(partitionName(first));
    expect(dropped).not.toContain(partitionName(first + WEEK));
    expect(await placement(shopId)).toEqual([
      partitionName(first + WEEK),
      partitionName(first + 2 * WEEK),
    ]);
    await forget(shopId);
  });

  it('runs the retention job: next week created, weeks past 90 days dropped, shops purged', async () => {
    const free = await newShop('retention-free');
    const premium = await newShop('retention-premium', 'premium');
    const now = new Date(Date.UTC(2032, 0, 15, 12)); // a Thursday
    // Its whole week ends more than 90 days before now.
    const old = new Date(now.getTime() - LONGEST_RETENTION_MS - 8 * DAY);
    const lastWeek = new Date(now.getTime() - 7 * DAY);
    await ensureVisitPartitions(opened.db, old, old);
    await ensureVisitPartitions(opened.db, lastWeek, lastWeek);
    const before = new Date(old.getTime() - 400 * DAY); // in the default partition
    for (const shopId of [free, premium]) {
      await writeVisits(opened.db, opened.kind, [
        visit(shopId, before, 1),
        visit(shopId, old, 2),
        visit(shopId, lastWeek, 3),
        visit(shopId, now, 4), // in the default partition until the job adds its week
      ]);
    }

    const run = await runRetention(opened.db, log, now);
    expect(run.dropped).toContain(partitionName(weekOf(old)));
    expect(run.created).toEqual(['visits_p20320112', 'visits_p20320119']);
    // Free keeps 24 hours: last week's visit and the default partition's one are deleted.
    // Premium keeps 90 days: only the one in the default partition is past it.
    expect(run.deleted).toBe(3);
    expect(await placement(free)).toEqual(['visits_p20320112']);
    expect(await placement(premium)).toEqual(['visits_p20320105', 'visits_p20320112']);
  });

  it('pages newest first across partitions without gaps or repeats', async () => {
    const shopId = await newShop('pages');
    const start = weekOf(Date.UTC(2031, 8, 1));
    await ensureVisitPartitions(opened.db, new Date(start), new Date(start + 2 * WEEK));
    // Three weeks, the same instant twice per week (ties broken by id), and the default partition.
    const times = [0, 1, 2].flatMap((k) => [start + k * WEEK + 5, start + k * WEEK + 5]);
    times.push(start - 5 * DAY, start + 40 * WEEK);
    await writeVisits(
      opened.db,
      opened.kind,
      times.map((t, i) => visit(shopId, new Date(t), i)),
    );
    const seen: { id: string; time: number }[] = [];
    let cursor: string | undefined;
    do {
      const page = await findVisits(opened.db, shopId, {}, { cursor, limit: 3 });
      seen.push(...page.visits.map((v) => ({ id: v.id, time: v.time.getTime() })));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toHaveLength(times.length);
    const sorted = [...seen].sort((a, b) => b.time - a.time || Number(b.id) - Number(a.id));
    expect(seen).toEqual(sorted);
    expect(new Set(seen.map((v) => v.id)).size).toBe(times.length);
  });

  it('finds a rare URL through its distinct URLs at once, and a common one page by page', async () => {
    const shopId = await newShop('url-budget');
    const start = Date.UTC(2031, 9, 1);
    const matching = new Set([2, 3, 17, 29]);
    await writeVisits(
      opened.db,
      opened.kind,
      Array.from({ length: 30 }, (_, i) =>
        visit(
          shopId,
          new Date(start + i * 1000),
          i,
          matching.has(i) ? `https://shop.example/products/Gift-Card?i=${i}` : undefined,
        ),
      ),
    );
    // Four distinct URLs match: read minute by minute, full pages, nothing left unsearched.
    const first = await findVisits(opened.db, shopId, { url: 'gift-CARD' }, { limit: 2 });
    expect(first.visits.map((v) => v.url.slice(-4))).toEqual(['i=29', 'i=17']);
    expect(first.searchedTo).toBeNull();
    const second = await findVisits(
      opened.db,
      shopId,
      { url: 'gift-CARD' },
      { limit: 2, cursor: first.nextCursor! },
    );
    expect(second.visits.map((v) => v.url.slice(-4))).toEqual(['?i=3', '?i=2']);
    expect(second.nextCursor).toBeNull();
    const none = await findVisits(opened.db, shopId, { url: 'no-such' }, { limit: 2 });
    expect(none).toEqual({ visits: [], nextCursor: null, searchedTo: null });

    // Taken as common (more matching URLs than a search reads through the index): each page
    // examines at most the scan budget.
    const pages: string[][] = [];
    const searchedTo: (string | null)[] = [];
    let cursor: string | undefined;
    do {
      const page = await findVisits(
        opened.db,
        shopId,
        { url: 'gift-CARD' },
        { cursor, limit: 2, urlScanBudget: 10, urlMatchesMax: 3 },
      );
      pages.push(page.visits.map((v) => v.url.slice(-4)));
      searchedTo.push(page.searchedTo?.toISOString() ?? null);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    // A page the budget cut short says how far back it looked (the 10th, 20th and 30th newest).
    const at = (i: number) => new Date(start + i * 1000).toISOString();
    expect(searchedTo).toEqual([at(20), at(10), at(0), null]);
    // Newest first: 29 in the first ten examined, 17 in the next ten, then 3 and 2 (a full
    // page, then one more page to find nothing after them).
    expect(pages).toEqual([['i=29'], ['i=17'], ['?i=3', '?i=2'], []]);
    const all = await findVisits(opened.db, shopId, { url: 'gift-card' }, { limit: 10 });
    expect(all.visits.map((v) => v.url.slice(-4))).toEqual(['i=29', 'i=17', '?i=3', '?i=2']);
    expect(all.nextCursor).toBeNull();
  });

  it('finds a rare URL seen only in old minutes on the first page, past many newer visits', async () => {
    const shopId = await newShop('url-old-minutes');
    const start = Date.UTC(2031, 10, 3, 9, 30);
    const rare = (i: number) => `https://shop.example/wp-login.php?try=${i}`;
    // Three visits of the rare URL on three days, then 300 visits of other pages a week later.
    const old = [0, 1, 2].map((d) => visit(shopId, new Date(start + d * DAY + 5_000), d, rare(d)));
    const recent = Array.from({ length: 300 }, (_, i) =>
      visit(shopId, new Date(start + 9 * DAY + i * 1000), 100 + i),
    );
    await writeVisits(opened.db, opened.kind, [...old, ...recent]);

    const first = await findVisits(opened.db, shopId, { url: 'WP-LOGIN' }, { limit: 2 });
    expect(first.visits.map((v) => v.url)).toEqual([rare(2), rare(1)]);
    expect(first.searchedTo).toBeNull();
    const second = await findVisits(
      opened.db,
      shopId,
      { url: 'WP-LOGIN' },
      { limit: 2, cursor: first.nextCursor! },
    );
    expect(second.visits.map((v) => v.url)).toEqual([rare(0)]);
    expect(second.nextCursor).toBeNull();
    // Walking the log instead, a page of the same scan budget finds none of them.
    const walked = await findVisits(
      opened.db,
      shopId,
      { url: 'WP-LOGIN' },
      { limit: 2, urlMatchesMax: 0, urlScanBudget: 100 },
    );
    expect(walked.visits).toEqual([]);
    expect(walked.searchedTo).not.toBeNull();

    // The other filters and a time range still apply, minute by minute.
    const inRange = await findVisits(
      opened.db,
      shopId,
      {
        url: 'wp-login',
        from: new Date(start + DAY).toISOString(),
        to: new Date(start + DAY + 5_001).toISOString(),
      },
      { limit: 2 },
    );
    expect(inRange.visits.map((v) => v.url)).toEqual([rare(1)]);
    expect(
      (await findVisits(opened.db, shopId, { url: 'wp-login', country: 'DE' }, { limit: 2 }))
        .visits,
    ).toEqual([]);

    // A page reads at most so many minutes, then says how far back it searched.
    const pages: string[][] = [];
    const searchedTo: (string | null)[] = [];
    let cursor: string | undefined;
    do {
      const page = await findVisits(
        opened.db,
        shopId,
        { url: 'wp-login' },
        { cursor, limit: 2, urlMinutesPerPage: 2 },
      );
      pages.push(page.visits.map((v) => v.url.slice(-1)));
      searchedTo.push(page.searchedTo?.toISOString() ?? null);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    const minuteOf = (d: number) => new Date(start + d * DAY).toISOString();
    // Two minutes read, two visits found: whether older minutes hold more is for the next page.
    expect(pages).toEqual([['2', '1'], ['0']]);
    expect(searchedTo).toEqual([minuteOf(1), null]);
    const oneMinute: string[][] = [];
    const oneMinuteTo: (string | null)[] = [];
    cursor = undefined;
    do {
      const page = await findVisits(
        opened.db,
        shopId,
        { url: 'wp-login' },
        { cursor, limit: 2, urlMinutesPerPage: 1 },
      );
      oneMinute.push(page.visits.map((v) => v.url.slice(-1)));
      oneMinuteTo.push(page.searchedTo?.toISOString() ?? null);
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(oneMinute).toEqual([['2'], ['1'], ['0'], []]);
    expect(oneMinuteTo).toEqual([minuteOf(2), minuteOf(1), minuteOf(0), null]);
  });

  it('pages a URL seen in runs of consecutive minutes without gaps or repeats', async () => {
    const shopId = await newShop('url-minute-runs');
    const start = Date.UTC(2031, 10, 20, 12, 0);
    const cart = 'https://shop.example/cart?step=2';
    // Every 30 s for five minutes (one run of minutes), one more an hour later, and other pages
    // in between; two at the same instant (ties broken by id).
    const times = [
      ...Array.from({ length: 10 }, (_, i) => start + i * 30_000),
      start + 90_000,
      start + 3_600_000,
    ];
    await writeVisits(opened.db, opened.kind, [
      ...times.map((t, i) => visit(shopId, new Date(t), i, cart)),
      ...Array.from({ length: 20 }, (_, i) => visit(shopId, new Date(start + i * 17_000), 50 + i)),
    ]);
    for (const urlMinutesPerPage of [undefined, 1]) {
      const seen: { id: string; time: number }[] = [];
      let cursor: string | undefined;
      do {
        const page = await findVisits(
          opened.db,
          shopId,
          { url: 'cart?step' },
          { cursor, limit: 3, urlMinutesPerPage },
        );
        seen.push(...page.visits.map((v) => ({ id: v.id, time: v.time.getTime() })));
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      expect(seen).toHaveLength(times.length);
      const sorted = [...seen].sort((a, b) => b.time - a.time || Number(b.id) - Number(a.id));
      expect(seen).toEqual(sorted);
      expect(new Set(seen.map((v) => v.id)).size).toBe(times.length);
    }
  });

  it("purges the URL minutes of a shop's purged visits, and keeps the rest", async () => {
    const shopId = await newShop('url-minutes-purge');
    const other = await newShop('url-minutes-kept');
    const start = Date.UTC(2031, 11, 1, 10, 0);
    const at = (ms: number, i: number, shop = shopId) =>
      visit(shop, new Date(start + ms), i, 'https://shop.example/products/rare');
    // Minutes 10:00 and 10:05, and 10:07 which the cutoff at 10:07:30 cuts in two.
    await writeVisits(opened.db, opened.kind, [
      at(0, 1),
      at(5 * 60_000, 2),
      at(7 * 60_000 + 10_000, 3),
      at(7 * 60_000 + 40_000, 4),
      at(0, 5, other),
    ]);
    const minutes = async (shop: string) => {
      const result = await opened.db.execute(sql`
        select to_char(minute at time zone 'UTC', 'HH24:MI') as m from visit_url_minutes
        where shop_id = ${shop} order by minute`);
      return (result as unknown as { rows: { m: string }[] }).rows.map((r) => r.m);
    };
    expect(await minutes(shopId)).toEqual(['10:00', '10:05', '10:07']);

    const deleted = await purgeShopVisits(opened.db, shopId, new Date(start + 7 * 60_000 + 30_000));
    expect(deleted).toBe(3);
    expect(await minutes(shopId)).toEqual(['10:07']);
    expect(await minutes(other)).toEqual(['10:00']);
    const left = await findVisits(opened.db, shopId, { url: 'rare' }, { limit: 10 });
    expect(left.visits.map((v) => v.url)).toEqual(['https://shop.example/products/rare']);
    expect(left.nextCursor).toBeNull();

    await purgeShopVisits(opened.db, shopId, new Date(start + 60 * 60_000));
    expect(await minutes(shopId)).toEqual([]);
  });
});
