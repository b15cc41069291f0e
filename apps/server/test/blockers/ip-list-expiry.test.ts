// Editing an IP list entry whose expiry has already passed: the admin's edit form sends the
// note with the entry's own expiry (as the end of the day it falls on, in the merchant's time
// zone), and that unchanged expiry is accepted and kept as stored, while a new expiry in the
// past is still refused and changes nothing.
import { hygieneMessages, type IpEntry } from '@gatehouse/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ipRules } from '../../src/protection/protection-schema.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let shop: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  shop = await t.signIn('expired-entries');
});
afterAll(async () => {
  await t?.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the admin's edit form sends for an unchanged expiry: the end of its local day. */
function endOfLocalDay(iso: string): string {
  const at = new Date(iso);
  return new Date(at.getFullYear(), at.getMonth(), at.getDate(), 23, 59, 59, 0).toISOString();
}

/** An entry of `list` whose expiry passed `agoMs` ago (stored as time went by). */
async function expiredEntry(list: 'IpBlocker' | 'WhiteLists', ip: string, agoMs: number) {
  const added = await t.call(`add${list}`, shop.token, {
    ip,
    note: 'before',
    expiresAt: '2099-01-01T12:00:00Z',
  });
  expect(added.statusCode, added.body).toBe(200);
  const { id } = added.json<IpEntry>();
  const expiresAt = new Date(Date.now() - agoMs);
  await t.app.db.update(ipRules).set({ expiresAt }).where(eq(ipRules.id, id));
  return { id, expiresAt: expiresAt.toISOString() };
}

const stored = async (id: string) =>
  (await t.app.db.select().from(ipRules).where(eq(ipRules.id, id)))[0]!;

describe('editing an entry whose expiry has passed', () => {
  it.each(['IpBlocker', 'WhiteLists'] as const)(
    '%s: saving only a new note keeps the past expiry as it is',
    async (list) => {
      const entry = await expiredEntry(
        list,
        list === 'IpBlocker' ? '192.0.2.10' : '192.0.2.11',
        DAY_MS,
      );
      const res = await t.call(`update${list}`, shop.token, {
        id: entry.id,
        note: 'after',
        expiresAt: endOfLocalDay(entry.expiresAt),
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<IpEntry>()).toMatchObject({ note: 'after', expiresAt: entry.expiresAt });
      expect((await stored(entry.id)).expiresAt?.toISOString()).toBe(entry.expiresAt);
      // The entry's very own expiry, sent back as stored, is accepted too.
      const same = await t.call(`update${list}`, shop.token, {
        id: entry.id,
        note: 'again',
        expiresAt: entry.expiresAt,
      });
      expect(same.statusCode, same.body).toBe(200);
    },
  );

  it('refuses a new expiry in the past and changes nothing', async () => {
    const entry = await expiredEntry('IpBlocker', '192.0.2.12', DAY_MS);
    const before = await stored(entry.id);
    for (const expiresAt of [
      new Date(Date.parse(entry.expiresAt) - 2 * DAY_MS).toISOString(),
      new Date(Date.parse(entry.expiresAt) - 1000).toISOString(),
      new Date(Date.now() - 60_000).toISOString(),
    ]) {
      const res = await t.call('updateIpBlocker', shop.token, {
        id: entry.id,
        note: 'changed',
        expiresAt,
      });
      expect(res.statusCode, expiresAt).toBe(400);
      expect(res.json()).toMatchObject({ Message: hygieneMessages.past });
      expect(await stored(entry.id)).toEqual(before);
    }
  });

  it('still lets the merchant clear the expiry or set a future one', async () => {
    const entry = await expiredEntry('IpBlocker', '192.0.2.13', DAY_MS);
    const cleared = await t.call('updateIpBlocker', shop.token, { id: entry.id, expiresAt: null });
    expect(cleared.json<IpEntry>()).toMatchObject({ expiresAt: null, note: 'before' });
    const later = await t.call('updateIpBlocker', shop.token, {
      id: entry.id,
      expiresAt: '2098-05-01T00:00:00Z',
    });
    expect(later.json<IpEntry>()).toMatchObject({ expiresAt: '2098-05-01T00:00:00.000Z' });
  });
});
