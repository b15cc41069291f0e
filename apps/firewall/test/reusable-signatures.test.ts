// Signatures made in Shopify's admin for a store's own crawler, as the firewall checks them:
// one credential sent unchanged with every request for up to three months, published as
// Shopify publishes its key (one JWK, not a set, named by its kid, at a www host the bare
// domain redirects to). Real Ed25519 keys; the directory is served on a loopback port under
// the names the test resolves there.
import { generateKeyPairSync } from 'node:crypto';
import { parseDevOrigins, type HostLookup } from '@gatehouse/engine';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DIRECTORY_PATH, directoryKeys, followedRedirect } from '../src/signed-agent-directory.js';
import { STORE_CRAWLER_VALIDITY_SECONDS } from '../src/signed-agent-identities.js';
import { SignedAgents } from '../src/signed-agents.js';
import { startLoopbackServer } from './helpers.js';
import { agentKey, rawOf, signedFields, type AgentKey } from './signed-agent-kit.js';

const AGENT = 'shopify.test';
const SHOP = 'crawled.example';
const NOW = 1_790_000_000;
const DAY = 86_400;
const KID = 'shopify-crawler-key-1';
const key: AgentKey = { ...agentKey(), keyid: KID };

let app: FastifyInstance;
let port = 0;
/** Where the bare domain's directory redirects to. */
let redirectHost = `www.${AGENT}`;
const open: SignedAgents[] = [];

beforeAll(async () => {
  let url: string;
  ({ app, url } = await startLoopbackServer((server) =>
    server.get(DIRECTORY_PATH, async (request, reply) => {
      if (request.hostname === `www.${AGENT}`) {
        return reply
          .type('application/http-message-signatures-directory+json')
          .send(JSON.stringify({ kty: 'OKP', crv: 'Ed25519', x: key.x, kid: KID }));
      }
      return reply.redirect(`http://${redirectHost}:${port}${DIRECTORY_PATH}`, 301);
    }),
  ));
  port = Number(new URL(url).port);
});
afterAll(() => app.close());
afterEach(async () => {
  redirectHost = `www.${AGENT}`;
  await Promise.all(open.splice(0).map((agents) => agents.close()));
});

function verifier(): SignedAgents {
  const lookup: HostLookup = async (host) => (host.endsWith('.test') ? ['127.0.0.1'] : []);
  const agents = new SignedAgents({
    devOrigins: parseDevOrigins(
      [AGENT, `www.${AGENT}`, 'elsewhere.test'].map((h) => `${h}:${port}`).join(','),
    ),
    lookup,
    agentRules: (host) =>
      host === AGENT
        ? { reusable: true, maxValiditySeconds: STORE_CRAWLER_VALIDITY_SECONDS }
        : null,
    now: () => NOW * 1000,
  });
  open.push(agents);
  return agents;
}

/** The one request a store crawler's signature is sent with, as Shopify makes it. */
function signed(created: number, expires: number, authority = SHOP) {
  const fields = signedFields({
    key,
    agent: `http://${AGENT}:${port}`,
    authority,
    path: '/',
    created,
    expires,
    nonce: 'made-once-in-the-admin',
    components: ['@authority', 'signature-agent'],
  });
  return (path: string) => ({
    method: 'GET',
    scheme: 'https',
    authority: SHOP,
    path,
    rawHeaders: rawOf(fields),
  });
}

describe('a signature made in Shopify for the store’s own crawler', () => {
  it('is verified every time it is sent, on every page, for three months', async () => {
    const agents = verifier();
    const crawl = signed(NOW - 80 * DAY, NOW + 10 * DAY);
    for (const path of ['/', '/products/hat', '/products/hat', '/collections/all']) {
      expect(await agents.verify(crawl(path))).toBe(AGENT);
    }
    expect(agents.stats.verified).toBe(4);
    expect(agents.stats.directories.fetched).toBe(1);
  });

  it('is refused when it lasts longer than three months, has expired, or names another domain', async () => {
    const agents = verifier();
    expect(await agents.verify(signed(NOW - DAY, NOW + 92 * DAY)('/'))).toBeNull();
    expect(await agents.verify(signed(NOW - 91 * DAY, NOW - 120)('/'))).toBeNull();
    expect(await agents.verify(signed(NOW - DAY, NOW + DAY, 'other.example')('/'))).toBeNull();
    expect(agents.stats.refused).toEqual({ 'too long': 1, expired: 1, 'bad signature': 1 });
  });

  it('is not verified when the directory redirects to a host that is not the agent’s', async () => {
    redirectHost = 'elsewhere.test';
    const agents = verifier();
    expect(await agents.verify(signed(NOW - DAY, NOW + DAY)('/'))).toBeNull();
    expect(agents.stats.refused).toEqual({ 'no keys': 1 });
    expect(agents.stats.directories.failed).toBe(1);
  });
});

describe('a key directory', () => {
  it('is read as a set of keys or as one key, each known by its thumbprint and its kid', () => {
    const { publicKey } = generateKeyPairSync('ed25519');
    const x = publicKey.export({ format: 'jwk' }).x!;
    const one = directoryKeys({ kty: 'OKP', crv: 'Ed25519', x, kid: 'k1' });
    expect([...one.keys()]).toHaveLength(2);
    expect(one.get('k1')).toBe([...one.values()][0]);
    expect(directoryKeys({ keys: [{ kty: 'OKP', crv: 'Ed25519', x }] }).size).toBe(1);
    expect(directoryKeys({ kty: 'RSA', n: 'x', e: 'AQAB' }).size).toBe(0);
  });

  it('follows a redirect only to its own path on the agent’s own host or a subdomain', () => {
    const from = new URL(`https://shopify.com${DIRECTORY_PATH}`);
    const follow = (location: string) => followedRedirect(from, location, 'shopify.com')?.href;
    expect(follow(`https://www.shopify.com${DIRECTORY_PATH}`)).toBe(
      `https://www.shopify.com${DIRECTORY_PATH}`,
    );
    expect(follow(DIRECTORY_PATH)).toBe(`https://shopify.com${DIRECTORY_PATH}`);
    expect(follow(`https://shopify.com.evil.example${DIRECTORY_PATH}`)).toBeUndefined();
    expect(follow(`https://evilshopify.com${DIRECTORY_PATH}`)).toBeUndefined();
    expect(follow(`http://www.shopify.com${DIRECTORY_PATH}`)).toBeUndefined();
    expect(follow('https://www.shopify.com/keys.json')).toBeUndefined();
    expect(follow(`https://www.shopify.com${DIRECTORY_PATH}?from=apex`)).toBeUndefined();
  });
});
