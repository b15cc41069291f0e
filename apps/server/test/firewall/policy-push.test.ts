// The firewall learns of changes by a push: its policy read is a long poll that the server
// answers as soon as a shop's Firewall settings or firewall rules change (heard on the rules
// channel), long before the wait runs out; an unchanged snapshot is answered 304 when the wait
// ends; and a wait out of range is refused. Each test waits for the firewall's read to be held on
// the server (the count of waiting long polls), not for a fixed time.
import { FIREWALL_POLICIES_PATH, type FirewallSettings } from '@gatehouse/contracts';
import { createPolicySource } from '@gatehouse/firewall';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shops } from '../../src/core/db/schema.js';
import { POLICY_SNAPSHOT_POLLS } from '../../src/features/firewall/policy-snapshot-route.js';
import { createTestApp, type SignedIn, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let carol: SignedIn;
let source: ReturnType<typeof createPolicySource>;

const settings = (hosts: string[]): FirewallSettings => ({
  enabled: true,
  origin: `https://${carol.shop}`,
  hosts,
  enforce: [],
  rateLimit: { enabled: false, max: 300, windowSeconds: 60, action: 'challenge' },
});

async function within(ms: number, check: () => boolean) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('not reached in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The firewall's long poll is waiting on the server (its read is held, not yet answered). */
async function pollWaiting() {
  await within(3000, () => t.app.longPolls.waiting(POLICY_SNAPSHOT_POLLS) === 1);
}

beforeAll(async () => {
  t = await createTestApp();
  carol = await t.signIn('carol-push');
  await t.app.db.update(shops).set({ plan: 'premium' }).where(eq(shops.domain, carol.shop));
  await t.call('saveFirewallSettings', carol.token, settings(['push.example.com']));
  source = createPolicySource({
    url: t.config.appUrl,
    key: t.config.firewall.key,
    refreshMs: 60_000,
    timeoutMs: 5000,
    waitSeconds: 30,
    log: { warn: () => {}, error: () => {} },
  });
  await source.firstRead;
});

afterAll(async () => {
  source?.close();
  await t?.close();
});

describe('pushed policies', () => {
  it('hears of a new firewall rule at once, not after the wait', async () => {
    expect(source.forHost('push.example.com')?.rulesKey).not.toContain('/wp-login.php');
    await pollWaiting();
    const saved = Date.now();
    const res = await t.call('addUrlBlocker', carol.token, {
      match: 'exact',
      pattern: '/wp-login.php',
    });
    expect(res.statusCode).toBe(200);
    await within(
      3000,
      () => source.forHost('push.example.com')?.rulesKey.includes('/wp-login.php') ?? false,
    );
    expect(Date.now() - saved).toBeLessThan(3000);
  });

  it('hears of a new domain in the Firewall settings at once', async () => {
    await pollWaiting();
    await t.call(
      'saveFirewallSettings',
      carol.token,
      settings(['push.example.com', 'www.push.example.com']),
    );
    await within(3000, () => source.forHost('www.push.example.com') !== undefined);
  });

  it('answers 304 when nothing changed in the wait, and refuses a wait out of range', async () => {
    const headers = { authorization: `Bearer ${t.config.firewall.key}` };
    const first = await t.app.inject({ method: 'GET', url: FIREWALL_POLICIES_PATH, headers });
    const etag = String(first.headers.etag);
    const started = Date.now();
    const waited = await t.app.inject({
      method: 'GET',
      url: `${FIREWALL_POLICIES_PATH}?wait=1`,
      headers: { ...headers, 'if-none-match': etag },
    });
    expect(waited.statusCode).toBe(304);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    for (const wait of ['0', '56', 'x', '1.5']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${FIREWALL_POLICIES_PATH}?wait=${wait}`,
        headers,
      });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json())).toEqual(['Message', 'code', 'issues']);
    }
  });
});
