// A blocked shopper's reference finds the request in the Realtime Access Log however it is
// typed (either case, spaces or dashes anywhere): the request the firewall refused in the
// millisecond it names from the address it was given to, never one it let through, another
// shop's, or one of another address blocked in the same millisecond; a text that is not a
// reference is refused with 400.
import {
  firewallAccessMessages,
  visitReference,
  type FirewallAccessPage,
  type FirewallAccessRecord,
} from '@gatehouse/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shops } from '../../src/core/db/schema.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';
import { sendAccessLog } from './access-log-tail.js';

let t: TestApp;
let alice: SignedIn;
let bob: SignedIn;
const ids: Record<string, string> = {};

async function protect(shop: SignedIn, host: string) {
  const [row] = await t.app.db
    .update(shops)
    .set({ plan: 'premium' })
    .where(eq(shops.domain, shop.shop))
    .returning({ id: shops.id });
  ids[shop.shop] = row!.id;
  const saved = await t.call('saveFirewallSettings', shop.token, {
    enabled: true,
    origin: `https://${shop.shop}`,
    hosts: [host],
    enforce: [],
    rateLimit: { enabled: false, max: 300, windowSeconds: 60, action: 'challenge' },
  });
  expect(saved.statusCode).toBe(200);
}

const record = (shop: SignedIn, over: Partial<FirewallAccessRecord>): FirewallAccessRecord => ({
  shopId: ids[shop.shop]!,
  time: Date.now() - 5_000,
  ip: '8.8.8.8',
  country: 'US',
  asn: 15169,
  method: 'GET',
  url: '/products/hat',
  status: 403,
  action: 'block',
  rule: 'ip-block',
  bytes: 512,
  durationMs: 1,
  ...over,
});

async function ingest(entries: FirewallAccessRecord[]) {
  expect((await sendAccessLog(t, entries)).statusCode).toBe(200);
}

const find = async (shop: SignedIn, ref: string) => {
  const res = await t.call('getFirewallAccessLog', shop.token, { ref });
  expect(res.statusCode).toBe(200);
  return res.json<FirewallAccessPage>().entries.map((e) => [e.ip, e.url]);
};

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signIn('alice-fwref');
  bob = await t.signIn('bob-fwref');
  await protect(alice, 'alice-ref.example.com');
  await protect(bob, 'bob-ref.example.com');
});

afterAll(async () => {
  await t?.close();
});

describe("the access log's reference search", () => {
  it('finds the refused request by its reference, typed any way', async () => {
    const at = Date.now() - 10_000;
    await ingest([
      record(alice, { time: at - 1, url: '/before' }),
      record(alice, { time: at, url: '/mine' }),
      // Same millisecond: another address blocked, and one let through.
      record(alice, { time: at, ip: '2001:0db8:0::7', url: '/other-address' }),
      record(alice, { time: at, url: '/allowed', action: 'allow', status: 200, rule: null }),
      record(alice, { time: at + 1, url: '/after' }),
      record(bob, { time: at, url: '/bob' }),
    ]);
    const reference = visitReference(at, '8.8.8.8');
    expect(await find(alice, reference)).toEqual([['8.8.8.8', '/mine']]);
    const typed = ` ${reference.toLowerCase().replace('-', ' ').replace(/0/g, 'o')} `;
    expect(await find(alice, typed)).toEqual([['8.8.8.8', '/mine']]);
    // The address as the engine spells it, from a differently written one.
    expect(await find(alice, visitReference(at, '2001:db8::7'))).toEqual([
      ['2001:0db8:0::7', '/other-address'],
    ]);
    expect(await find(bob, reference)).toEqual([['8.8.8.8', '/bob']]);
    // A moment nothing was refused finds nothing.
    expect(await find(alice, visitReference(at - 2, '8.8.8.8'))).toEqual([]);
  });

  it.each(['nope', '12345-6789', 'ABCDE-FGHIJK'])(
    'refuses %s, which is not a reference',
    async (ref) => {
      const res = await t.call('getFirewallAccessLog', alice.token, { ref });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ Message: firewallAccessMessages.reference });
    },
  );
});
