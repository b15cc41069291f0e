// The two IP lists of a shop: the block list (/ipBlocker) and the allow list (/whiteLists).
// Entries are stored in canonical form (one address or CIDR range, once per list) in the
// order they were added, which is also the order the engine applies them in. Every change is
// compiled with the shop's other rules before anything is written. The Free plan keeps at
// most `maxIpEntries` block-list entries.
import {
  expiryProblem,
  ipEntryScopeProblem,
  plans,
  protectionMessages,
  type IpEntry,
  type IpListId,
} from '@gatehouse/contracts';
import { bigIntToIp, formatIp, parseIpRange, type Rule } from '@gatehouse/engine';
import { and, asc, count, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../core/db/client.js';
import { ipRules, type IpListKind, type IpRuleRow } from '../../protection/protection-schema.js';
import type { Shop } from '../../core/db/schema.js';
import { badRequest, forbidden } from '../../core/errors.js';
import type { BlockerRegistry } from '../../protection/blocker-registry.js';
import { containsText, matchingEntries, type EntryList } from '../../protection/entry-delete.js';

export const ipListMessages = {
  duplicate: 'That address or range is already in the list.',
  cap: (max: number) =>
    `The Free plan keeps at most ${max} IP Blocker entries. Please upgrade your plan to add more.`,
} as const;

export const IP_LISTS = 'ip-lists';

export type IpRowState = Pick<IpRuleRow, 'id' | 'list' | 'ip' | 'expiresAt'>;

/** A shop and its entries of both lists, in the order they were added. */
export interface IpListsState {
  shop: Shop;
  rows: IpRowState[];
}

export async function loadIpRows(db: Database, shopId: string): Promise<IpRowState[]> {
  return db
    .select({ id: ipRules.id, list: ipRules.list, ip: ipRules.ip, expiresAt: ipRules.expiresAt })
    .from(ipRules)
    .where(eq(ipRules.shopId, shopId))
    .orderBy(asc(ipRules.createdAt), asc(ipRules.id));
}

export function ipRule(row: IpRowState): Rule {
  return {
    id: row.id,
    kind: row.list === 'allow' ? 'ip-allow' : 'ip-block',
    ip: row.ip,
    ...(row.expiresAt ? { expiresAt: row.expiresAt.toISOString() } : {}),
  };
}

export const kindOf = (list: IpListId): IpListKind => (list === 'ipBlocker' ? 'block' : 'allow');

/** The plan's cap on the list, null when unlimited (only the block list is capped). */
export function capOf(shop: Pick<Shop, 'plan'>, kind: IpListKind): number | null {
  return kind === 'block' ? plans[shop.plan].maxIpEntries : null;
}

/** The canonical text of an address or CIDR range, or null when it is neither. */
export function canonicalIp(text: string): string | null {
  const parsed = parseIpRange(text.trim());
  if (!parsed.ok) return null;
  const { version, first, prefix } = parsed.range;
  const address = formatIp(bigIntToIp(version, first));
  return prefix === (version === 4 ? 32 : 128) ? address : `${address}/${prefix}`;
}

export function toEntry(row: IpRuleRow): IpEntry {
  return {
    id: row.id,
    ip: row.ip,
    note: row.note,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    hits: row.hits,
    lastHitAt: row.lastHitAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface NewIpEntry {
  ip: string;
  note: string;
  expiresAt: Date | null;
}

/**
 * Compiles the shop's rules as they would be with `extra` added and `changed` applied. Every
 * way into a list comes through here, so a new entry wider than a list entry may be is
 * refused here (the engine only leaves such an entry out, as one kept from before).
 */
export async function checkRules(
  blockers: BlockerRegistry,
  db: Database,
  state: IpListsState,
  kind: IpListKind,
  extra: { ip: string; expiresAt: Date | null }[],
  changed?: { id: string; expiresAt: Date | null },
): Promise<void> {
  const rows = state.rows.map((r) =>
    changed && r.id === changed.id ? { ...r, expiresAt: changed.expiresAt } : r,
  );
  extra.forEach((e, i) => rows.push({ id: `new-${i}`, list: kind, ...e }));
  await blockers.check(db, state.shop, { blocker: IP_LISTS, rules: rows.map(ipRule) });
  for (const e of extra) {
    const problem = ipEntryScopeProblem(e.ip);
    if (problem) throw badRequest(problem);
  }
}

export function enforceCap(state: IpListsState, kind: IpListKind, adding: number): void {
  const cap = capOf(state.shop, kind);
  if (cap === null || adding === 0) return;
  const current = state.rows.filter((r) => r.list === kind).length;
  if (current + adding > cap) throw forbidden(ipListMessages.cap(cap));
}

/** A list's entries for its page and its delete by search: address or note contains the text. */
export const ipEntryList = (kind: IpListKind): EntryList => ({
  table: ipRules,
  id: ipRules.id,
  owner: (shopId) => and(eq(ipRules.shopId, shopId), eq(ipRules.list, kind)),
  search: (text) => or(containsText(ipRules.ip, text), containsText(ipRules.note, text)),
});

function encodeCursor(row: IpRuleRow): string {
  return Buffer.from(JSON.stringify([row.createdAt.toISOString(), row.id])).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    const createdAt = new Date(String(at));
    if (
      typeof id !== 'string' ||
      !/^[0-9a-f-]{36}$/i.test(id) ||
      Number.isNaN(createdAt.getTime())
    ) {
      throw new Error('bad cursor');
    }
    return { createdAt, id };
  } catch {
    throw badRequest(protectionMessages.cursor);
  }
}

/** One page, newest first; keyset pagination on (created_at, id). */
export async function listEntries(
  db: Database,
  shopId: string,
  kind: IpListKind,
  query: { search: string; cursor?: string | undefined; limit: number },
) {
  const matching = matchingEntries(ipEntryList(kind), shopId, query.search);
  const where: (SQL | undefined)[] = [matching];
  if (query.cursor) {
    const c = decodeCursor(query.cursor);
    where.push(
      or(
        lt(ipRules.createdAt, c.createdAt),
        and(eq(ipRules.createdAt, c.createdAt), lt(ipRules.id, c.id)),
      ),
    );
  }
  const rows = await db
    .select()
    .from(ipRules)
    .where(and(...where))
    .orderBy(desc(ipRules.createdAt), desc(ipRules.id))
    .limit(query.limit + 1);
  const [total] = await db
    .select({ n: count() })
    .from(ipRules)
    .where(and(eq(ipRules.shopId, shopId), eq(ipRules.list, kind)));
  const [found] = query.search.trim()
    ? await db.select({ n: count() }).from(ipRules).where(matching)
    : [total];
  const page = rows.slice(0, query.limit);
  return {
    entries: page.map(toEntry),
    nextCursor:
      rows.length > query.limit && page.length > 0 ? encodeCursor(page[page.length - 1]!) : null,
    total: Number(total?.n ?? 0),
    matching: Number(found?.n ?? 0),
  };
}

/** Adds entries in one transaction; answers the inserted rows. */
export async function insertEntries(
  db: Database,
  shopId: string,
  kind: IpListKind,
  entries: NewIpEntry[],
): Promise<IpRuleRow[]> {
  if (entries.length === 0) return [];
  return db.transaction(async (tx) => {
    const rows: IpRuleRow[] = [];
    // Keep the file's order: created_at increases by a microsecond-free millisecond per row.
    const base = Date.now();
    for (let i = 0; i < entries.length; i += 1000) {
      const chunk = entries.slice(i, i + 1000).map((e, j) => ({
        shopId,
        list: kind,
        ip: e.ip,
        note: e.note,
        expiresAt: e.expiresAt,
        createdAt: new Date(base + i + j),
      }));
      rows.push(...(await tx.insert(ipRules).values(chunk).returning()));
    }
    return rows;
  });
}

export async function findEntry(db: Database, shopId: string, kind: IpListKind, id: string) {
  const [row] = await db
    .select()
    .from(ipRules)
    .where(and(eq(ipRules.shopId, shopId), eq(ipRules.list, kind), eq(ipRules.id, id)));
  return row ?? null;
}

/** Every entry in pages of `size`, oldest first (the export). */
export async function* allEntries(db: Database, shopId: string, kind: IpListKind, size = 1000) {
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const where = [eq(ipRules.shopId, shopId), eq(ipRules.list, kind)];
    if (after) {
      where.push(
        sql`(${ipRules.createdAt}, ${ipRules.id}) > (${after.createdAt.toISOString()}::timestamptz, ${after.id}::uuid)`,
      );
    }
    const rows = await db
      .select()
      .from(ipRules)
      .where(and(...where))
      .orderBy(ipRules.createdAt, ipRules.id)
      .limit(size);
    yield* rows;
    if (rows.length < size) return;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;
const QUARTER_HOUR_MS = 15 * 60 * 1000;

/**
 * Whether `sent` is the stored expiry sent back unchanged: the very same time, or the end of the
 * day it falls on in some time zone (23:59:59 local, which is a quarter-hour boundary less one
 * second in UTC, within the day after it), which is what the admin's edit form sends: it holds
 * the expiry as a date.
 */
function isUnchangedExpiry(stored: Date, sent: number): boolean {
  const after = sent - stored.getTime();
  if (after === 0) return true;
  return after > 0 && after < DAY_MS && (sent + 1000) % QUARTER_HOUR_MS === 0;
}

/**
 * The expiry an update leaves on an entry. Absent keeps the stored one, null clears it. The
 * stored expiry sent back unchanged keeps it as stored, even when it has passed: editing only
 * the note of an expired entry must work. Any other time must be in the future.
 */
export function updatedExpiry(
  stored: Date | null,
  sent: string | null | undefined,
  now = Date.now(),
): Date | null {
  if (sent === undefined) return stored;
  if (sent === null) return null;
  const at = Date.parse(sent);
  if (stored && isUnchangedExpiry(stored, at)) return stored;
  const problem = expiryProblem(sent, now);
  if (problem) throw badRequest(problem);
  return new Date(at);
}
