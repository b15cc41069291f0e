// The version of a shop's rules: every change publishes it to the store (the app metafield the
// embed renders), an allow token names the version it was issued under, and a token from before
// a change is never handed back as current, so the storefront makes that page view wait for
// its decision.
import type { DecideResponse } from '@gatehouse/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { shops } from '../../src/core/db/schema.js';
import { useSignedInShops } from '../helpers/signed-in-shops.js';
import type { SignedIn, TestApp } from '../helpers/test-app.js';
import { gql } from '../../src/core/platform/gql.js';

const US = '8.8.8.8';

let t: TestApp;
let alice: SignedIn;

useSignedInShops({ alice: 'alice-version' }, (s) => ({ t, alice } = s), { geo: true });

const decide = async (t: TestApp, shop: string, token?: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/storefront/decide',
      headers: { 'x-forwarded-for': US, 'user-agent': 'test-browser/1.0' },
      query: { shop, url: `https://${shop}/`, ref: '', ...(token ? { t: token } : {}) },
    })
  ).json<DecideResponse>();

const blockCountries = async (countries: string[]) => {
  const res = await t.call('saveCountryBlocker', alice.token, {
    mode: 'blacklist',
    countries,
    action: { type: 'block' },
    monitor: false,
  });
  expect(res.statusCode).toBe(200);
};

/** The policy version the store has, as the embed would render it. */
async function publishedVersion(): Promise<string | null> {
  const [row] = await t.app.db.select().from(shops).where(eq(shops.domain, alice.shop));
  const data = await t.app.platform.graphql<{
    currentAppInstallation: { metafield: { value: string } | null };
  }>(
    alice.shop,
    t.app.tokens.accessTokenOf(row!)!,
    gql`
      query {
        currentAppInstallation {
          metafield(namespace: "gatehouse", key: "policy_version") {
            value
          }
        }
      }
    `,
  );
  return data.currentAppInstallation.metafield?.value ?? null;
}

const versionOf = (token: string | undefined) => token?.split('.')[1];

describe('the policy version', () => {
  it('is published to the store after a change and named by the allow tokens issued under it', async () => {
    await blockCountries(['DE']);
    const allowed = await decide(t, alice.shop);
    expect(allowed.action).toBe('allow');
    const version = versionOf(allowed.token);
    expect(version).toMatch(/^[\w-]{12}$/);
    await vi.waitFor(async () => expect(await publishedVersion()).toBe(version), {
      timeout: 10_000,
    });

    // The storefront renders it in the block's config.
    await t.emulator.setAppEmbed(alice.shop, true);
    const html = await (await fetch(`${t.emulatorUrl}/shops/${alice.shop}/`)).text();
    const config = /<script id="gatehouse-config" type="application\/json">(.*?)<\/script>/.exec(
      html,
    );
    expect(JSON.parse(config![1]!)).toMatchObject({ shop: alice.shop, version });
  });

  it('changes with the rules, and a token from before is replaced, not handed back', async () => {
    await blockCountries(['DE']);
    const before = (await decide(t, alice.shop)).token!;
    expect((await decide(t, alice.shop, before)).token).toBe(before);

    await blockCountries(['DE', 'FR']);
    const after = await decide(t, alice.shop, before);
    expect(after.action).toBe('allow');
    expect(after.token).not.toBe(before);
    expect(versionOf(after.token)).not.toBe(versionOf(before));
    expect(
      t.app.protection.tokens.allowRemaining(before, alice.shop, US, versionOf(after.token)!),
    ).toBe(0);
    await vi.waitFor(async () => expect(await publishedVersion()).toBe(versionOf(after.token)), {
      timeout: 10_000,
    });

    // The same rules saved again keep the version: later views still show at once.
    await blockCountries(['DE', 'FR']);
    expect((await decide(t, alice.shop, after.token)).token).toBe(after.token);
  });

  it('turns a returning visitor the new rules block away', async () => {
    await blockCountries([]);
    const token = (await decide(t, alice.shop)).token!;
    await blockCountries(['US']);
    const answer = await decide(t, alice.shop, token);
    expect(answer.action).toBe('block');
    expect(answer.token).toBeUndefined();
  });
});
