// The two shops every fuzz suite works with: "mine", signed in and fuzzed, and "other", whose
// data must never show up in an answer nor change. Both are on Premium and hold IP list
// entries, an ISP entry, a notification and visits; the other shop's are marked with SECRET
// and SECRET_IP so any answer that leaks them is caught.
import type { CallName } from '@gatehouse/contracts';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { visits } from '../../src/protection/protection-schema.js';
import { shops } from '../../src/core/db/schema.js';
import type { SignedIn, TestApp } from '../helpers/test-app.js';
import type { ForeignIds } from './hostile-inputs.js';

export const SEED = 14_2026;
export const SECRET = 'other-shop-secret-note';
export const SECRET_IP = '198.51.100.77';

/** What an answer must never show: stack frames, source paths, driver or SQL errors. */
export const INTERNALS =
  /\bat [\w.<>]+ \(|node_modules|\.ts:\d+|ZodError|PGlite|drizzle|syntax error|violates|invalid byte sequence|unterminated|TypeError|ReferenceError|"stack"/i;

export interface FuzzShops {
  mine: SignedIn;
  other: SignedIn;
  mineId: string;
  otherId: string;
  /** The other shop's ids and page cursors, for the generators. */
  foreign: ForeignIds;
}

export async function shopRowOf(t: TestApp, domain: string) {
  const [row] = await t.app.db.select().from(shops).where(eq(shops.domain, domain));
  return row!;
}

async function seed(t: TestApp, who: SignedIn, shopId: string, secret: string, ip: string) {
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

/** Signs both shops in and gives them their data. */
export async function fuzzShops(t: TestApp): Promise<FuzzShops> {
  const mine = await t.signIn('fuzz-mine');
  const other = await t.signIn('fuzz-other');
  const mineId = (await shopRowOf(t, mine.shop)).id;
  const otherId = (await shopRowOf(t, other.shop)).id;
  const foreign: ForeignIds = { ids: [], cursors: [] };
  await seed(t, mine, mineId, 'my-own-note', '203.0.113.77');
  foreign.ids.push(...(await seed(t, other, otherId, SECRET, SECRET_IP)));
  const notification = (await t.call('getNotification', other.token)).json<{ id: string }>();
  foreign.ids.push(notification.id);
  for (const name of ['listIpBlocker', 'listVisits'] as const) {
    const page = (await t.call(name, other.token, { limit: 1 })).json<{ nextCursor: string }>();
    expect(page.nextCursor).toBeTruthy();
    foreign.cursors.push(page.nextCursor);
  }
  return { mine, other, mineId, otherId, foreign };
}
