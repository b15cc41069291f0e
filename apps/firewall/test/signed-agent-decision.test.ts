// A signed agent through the firewall: ChatGPT's agent, signing with a key made here and
// publishing it in a key directory served on a loopback port (chatgpt.com resolves there, on
// the development allowance), is decided by the merchant's choice for its purpose, whatever
// its user agent says and whatever country or network it comes from (every request here comes
// from a US cloud server), and the access log names it; the merchant's own IP block entries
// still stop it; a request whose signature does not check out is judged by its user agent as
// an unsigned one.
import { FIREWALL_PROBE_PATH, type FirewallAccessRecord } from '@gatehouse/contracts';
import {
  NETWORK_HOSTING,
  STORE_CRAWLER,
  UNKNOWN_FACTS,
  type GeoLookup,
  type HostLookup,
  type Rule,
  type RuleSet,
} from '@gatehouse/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedAgentCategory } from '../src/signed-agent-identities.js';
import { send, shopOf, type RunningFirewall, withFirewall } from './helpers.js';
import {
  agentKey,
  signedFields,
  startKeyDirectory,
  type KeyDirectory,
} from './signed-agent-kit.js';

const CHATGPT = 'chatgpt.com';
const PURPOSE = signedAgentCategory(CHATGPT)!;
const SCRIPT_UA = 'python-requests/2.32.3';
const CHROME_UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36';
const BLOCKS_PURPOSE = 'purpose.example';
const BLOCKS_SCRIPTS = 'scripts.example';
const BLOCKS_NETWORKS = 'networks.example';
const BLOCKS_NETWORKS_AND_PURPOSE = 'networks-and-purpose.example';
const BLOCKS_ADDRESS = 'address.example';
const CLOUD_ASN = 14061;
// Every visitor here is a cloud server in the United States.
const geo: GeoLookup = {
  lookup: () => ({ ...UNKNOWN_FACTS, country: 'US', asn: CLOUD_ASN, network: NETWORK_HOSTING }),
};
const NETWORK_RULES = [
  { id: 'countries', kind: 'country', mode: 'blacklist', countries: ['US'] },
  { id: 'asns', kind: 'asn', asns: [CLOUD_ASN] },
  { id: 'hosting', kind: 'network', networks: ['hosting'] },
] as Rule[];

const category = (id: string, name: string): Rule =>
  ({ id, kind: 'bot-agent', categories: [name] }) as Rule;
const rules = (...list: Rule[]): RuleSet => ({ appEnabled: true, rules: list });

describe('a signed agent at the firewall', () => {
  const key = agentKey();
  const logged: FirewallAccessRecord[] = [];
  let directory: KeyDirectory;
  let firewall: RunningFirewall;
  let port: number;

  beforeAll(async () => {
    directory = await startKeyDirectory([key]);
    port = Number(directory.hostPort.split(':')[1]);
  });
  afterAll(() => directory?.app.close());

  withFirewall(
    {
      origin: (app) => app.get('/*', async () => 'the store'),
      shops: (originUrl) => [
        shopOf(BLOCKS_PURPOSE, originUrl, rules(category('purpose', PURPOSE))),
        shopOf(BLOCKS_SCRIPTS, originUrl, rules(category('scripts', 'scripts'))),
        shopOf(BLOCKS_NETWORKS, originUrl, rules(...NETWORK_RULES)),
        shopOf(
          BLOCKS_NETWORKS_AND_PURPOSE,
          originUrl,
          rules(...NETWORK_RULES, category('purpose', PURPOSE)),
        ),
        shopOf(
          BLOCKS_ADDRESS,
          originUrl,
          rules({ id: 'mine', kind: 'ip-block', ip: '127.0.0.1' } as Rule),
        ),
      ],
      firewall: () => {
        const lookup: HostLookup = async (host) => (host === CHATGPT ? ['127.0.0.1'] : []);
        return {
          devOrigins: `127.0.0.1,${CHATGPT}:${port}`,
          lookup,
          geo,
          accessLog: { record: (entry) => logged.push(entry) },
        };
      },
    },
    (s) => ({ firewall } = s),
  );

  let nonce = 0;
  const signed = (host: string, userAgent: string, path = '/products/hat') => ({
    'user-agent': userAgent,
    ...signedFields({
      key,
      agent: `http://${CHATGPT}:${port}`,
      authority: host,
      path,
      created: Math.floor(Date.now() / 1000) - 5,
      expires: Math.floor(Date.now() / 1000) + 300,
      nonce: `through-the-firewall-${(nonce += 1)}`,
    }),
  });
  const lastLogged = () => logged[logged.length - 1]!;

  it('is blocked when the merchant blocks its purpose, though it looks like a browser', async () => {
    const answer = await send(firewall.port, BLOCKS_PURPOSE, '/products/hat', {
      headers: signed(BLOCKS_PURPOSE, CHROME_UA),
    });
    expect(answer.status).toBe(403);
    expect(lastLogged()).toMatchObject({
      action: 'block',
      rule: 'bot-agent',
      signedAgent: CHATGPT,
    });
    // The same browser without a signature is let in.
    const plain = await send(firewall.port, BLOCKS_PURPOSE, '/products/hat', {
      headers: { 'user-agent': CHROME_UA },
    });
    expect(plain.status).toBe(200);
    expect(lastLogged()).toMatchObject({ action: 'allow', signedAgent: null });
  });

  it('is let in when its purpose is allowed, though its user agent is a blocked script', async () => {
    const answer = await send(firewall.port, BLOCKS_SCRIPTS, '/products/hat', {
      headers: signed(BLOCKS_SCRIPTS, SCRIPT_UA),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe('the store');
    expect(lastLogged()).toMatchObject({ action: 'allow', rule: null, signedAgent: CHATGPT });
  });

  it('is let in past the country, ISP/ASN and hosting rules when its purpose is allowed', async () => {
    const plain = await send(firewall.port, BLOCKS_NETWORKS, '/products/hat', {
      headers: { 'user-agent': CHROME_UA },
    });
    expect(plain.status).toBe(403);
    const answer = await send(firewall.port, BLOCKS_NETWORKS, '/products/hat', {
      headers: signed(BLOCKS_NETWORKS, CHROME_UA),
    });
    expect(answer.status).toBe(200);
    expect(lastLogged()).toMatchObject({ action: 'allow', rule: null, signedAgent: CHATGPT });
  });

  it('is blocked by its purpose, not by its network, when the merchant blocks both', async () => {
    const answer = await send(firewall.port, BLOCKS_NETWORKS_AND_PURPOSE, '/products/hat', {
      headers: signed(BLOCKS_NETWORKS_AND_PURPOSE, CHROME_UA),
    });
    expect(answer.status).toBe(403);
    expect(lastLogged()).toMatchObject({ rule: 'bot-agent', signedAgent: CHATGPT });
  });

  it('is still stopped by an IP block entry the merchant wrote', async () => {
    const answer = await send(firewall.port, BLOCKS_ADDRESS, '/products/hat', {
      headers: signed(BLOCKS_ADDRESS, CHROME_UA),
    });
    expect(answer.status).toBe(403);
    expect(lastLogged()).toMatchObject({ rule: 'ip-block', signedAgent: CHATGPT });
  });

  it('that the firewall does not know is judged by its user agent, its directory never read', async () => {
    const reads = directory.reads;
    const headers = {
      ...signed(BLOCKS_SCRIPTS, SCRIPT_UA),
      // The same key and directory, named by another host.
      'signature-agent': `"http://127.0.0.1:${port}"`,
    };
    const answer = await send(firewall.port, BLOCKS_SCRIPTS, '/products/hat', { headers });
    expect(answer.status).toBe(403);
    expect(lastLogged()).toMatchObject({ action: 'block', rule: 'bot-agent', signedAgent: null });
    expect(directory.reads).toBe(reads);
  });

  it('is judged by its user agent when its signature does not check out', async () => {
    // Signed for another path: a replayed or altered request.
    const headers = signed(BLOCKS_SCRIPTS, SCRIPT_UA, '/other');
    const answer = await send(firewall.port, BLOCKS_SCRIPTS, '/products/hat', { headers });
    expect(answer.status).toBe(403);
    expect(lastLogged()).toMatchObject({ action: 'block', rule: 'bot-agent', signedAgent: null });
    const health = await send(firewall.port, 'any.example', `${FIREWALL_PROBE_PATH}/health`);
    const stats = JSON.parse(health.body.toString()).signedAgents;
    expect(stats.refused['bad signature']).toBe(1);
  });
});

describe('the signed agents the firewall knows', () => {
  it('puts an agent in the category of its purpose, or the AI category while that is missing', () => {
    expect(signedAgentCategory('chatgpt.com', () => true)).toBe('ai-agents');
    expect(signedAgentCategory('ChatGPT.com', (id) => id === 'ai-crawlers')).toBe('ai-crawlers');
  });

  it("knows the signatures made in Shopify's admin as the store's own crawler", () => {
    expect(signedAgentCategory('shopify.com', () => true)).toBe(STORE_CRAWLER);
  });

  it('knows no agent that is not listed, however it signs', () => {
    expect(signedAgentCategory('signer.example', () => true)).toBeNull();
  });
});
