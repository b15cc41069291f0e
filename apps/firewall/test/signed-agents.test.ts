// Signed agents at the firewall, with real Ed25519 keys and a key directory served on a
// loopback port: a valid Web Bot Auth signature names the agent; a tampered request, a key the
// directory does not hold, an expired signature, one created too far ahead, a replayed nonce,
// and a directory that is down, hangs or is too large all leave the request unsigned, each
// counted by its reason.
import { parseDevOrigins } from '@gatehouse/engine';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { refusalIn } from '../src/origin-guard.js';
import { SignedAgents, type SignedAgentOptions } from '../src/signed-agents.js';
import {
  agentKey,
  rawOf,
  signedFields,
  startKeyDirectory,
  type KeyDirectory,
  type SignOptions,
} from './signed-agent-kit.js';
import { until } from './helpers.js';

const SHOP = 'shop.example';
const NOW = 1_790_000_000;
const key = agentKey();
const stranger = agentKey();

let directory: KeyDirectory;
const open: SignedAgents[] = [];

beforeAll(async () => {
  directory = await startKeyDirectory([key]);
});
afterAll(async () => {
  await directory.app.close();
});
afterEach(async () => {
  directory.mode = 'keys';
  await Promise.all(open.splice(0).map((agents) => agents.close()));
});

function verifier(options: Partial<SignedAgentOptions> = {}): SignedAgents {
  const agents = new SignedAgents({
    devOrigins: parseDevOrigins(directory.hostPort),
    now: () => NOW * 1000,
    ...options,
  });
  open.push(agents);
  return agents;
}

let nonces = 0;
function request(sign: Partial<SignOptions> = {}, path = '/products/hat') {
  const fields = signedFields({
    key,
    agent: directory.url,
    authority: SHOP,
    path,
    created: NOW - 10,
    expires: NOW + 300,
    nonce: `nonce-${(nonces += 1)}`,
    ...sign,
  });
  return { method: 'GET', scheme: 'http', authority: SHOP, path, rawHeaders: rawOf(fields) };
}

describe('a Web Bot Auth signature', () => {
  it('names the agent by its host when it checks out', async () => {
    const agents = verifier();
    expect(await agents.verify(request())).toBe('127.0.0.1');
    expect(agents.stats.verified).toBe(1);
    expect(agents.stats.directories.fetched).toBe(1);
    // The directory is kept: a second request does not fetch it again.
    expect(await agents.verify(request())).toBe('127.0.0.1');
    expect(agents.stats.directories.fetched).toBe(1);
  });

  it('names the agent when Signature-Agent is a dictionary keyed by the signature', async () => {
    const agents = verifier();
    expect(await agents.verify(request({ dictionary: true, label: 'agent' }))).toBe('127.0.0.1');
    const among = request({
      dictionary: true,
      label: 'agent',
      otherAgents: 'other="https://elsewhere.example", ',
    });
    expect(await agents.verify(among)).toBe('127.0.0.1');
  });

  it('is found among other signatures of the request by its tag', async () => {
    const agents = verifier();
    const mine = request({ label: 'bot' });
    const other = signedFields({
      key: stranger,
      agent: directory.url,
      authority: SHOP,
      path: '/products/hat',
      created: NOW - 10,
      expires: NOW + 300,
      label: 'other',
      tag: 'something-else',
    });
    const raw = [...mine.rawHeaders];
    for (const name of ['signature-input', 'signature']) {
      const at = raw.indexOf(name) + 1;
      raw[at] = `${other[name]}, ${raw[at]}`;
    }
    expect(await agents.verify({ ...mine, rawHeaders: raw })).toBe('127.0.0.1');
  });

  it('is accepted with created a little ahead, within the clock-skew window', async () => {
    const agents = verifier({ skewSeconds: 60 });
    expect(await agents.verify(request({ created: NOW + 30, expires: NOW + 300 }))).toBe(
      '127.0.0.1',
    );
  });

  const refused: [string, () => ReturnType<typeof request>, string][] = [
    [
      'a tampered path',
      () => ({ ...request({}, '/products/hat'), path: '/admin' }),
      'bad signature',
    ],
    ['another authority', () => ({ ...request(), authority: 'other.example' }), 'bad signature'],
    [
      'a tampered Signature-Agent',
      () => {
        const r = request();
        const raw = [...r.rawHeaders];
        raw[1] = `"http://${directory.hostPort}/"`;
        return { ...r, rawHeaders: raw };
      },
      'bad signature',
    ],
    [
      'a key the directory does not hold, under its keyid',
      () => request({ key: stranger, keyid: key.keyid }),
      'bad signature',
    ],
    ['a keyid the directory does not hold', () => request({ key: stranger }), 'unknown key'],
    ['an expired signature', () => request({ created: NOW - 600, expires: NOW - 120 }), 'expired'],
    [
      'created beyond the skew window',
      () => request({ created: NOW + 120, expires: NOW + 600 }),
      'created in the future',
    ],
    [
      'a Signature-Agent it does not cover',
      () => request({ components: ['@authority', '@path'] }),
      'agent not signed',
    ],
    [
      'a signature valid for more than a day',
      () => request({ created: NOW - 10, expires: NOW + 3 * 86_400 }),
      'too long',
    ],
  ];
  for (const [name, make, reason] of refused) {
    it(`with ${name} is not verified`, async () => {
      const agents = verifier({ skewSeconds: 60 });
      expect(await agents.verify(make())).toBeNull();
      expect(agents.stats.verified).toBe(0);
      expect(agents.stats.refused).toEqual({ [reason]: 1 });
    });
  }

  it('with a key past its own validity in the directory is not verified', async () => {
    const retired = { ...agentKey(), exp: NOW - 3600 };
    directory.keys.push(retired);
    try {
      const agents = verifier();
      expect(await agents.verify(request({ key: retired }))).toBeNull();
      expect(agents.stats.refused).toEqual({ 'key not valid': 1 });
    } finally {
      directory.keys.pop();
    }
  });

  it('is refused the second time its nonce is seen', async () => {
    const agents = verifier();
    expect(await agents.verify(request({ nonce: 'once-only-nonce' }))).toBe('127.0.0.1');
    expect(await agents.verify(request({ nonce: 'once-only-nonce' }))).toBeNull();
    expect(agents.stats.refused).toEqual({ replay: 1 });
  });

  it('without a nonce is refused when the same signature comes again', async () => {
    const agents = verifier();
    const same = request({ nonce: undefined });
    expect(await agents.verify(same)).toBe('127.0.0.1');
    expect(await agents.verify(same)).toBeNull();
    expect(agents.stats.refused).toEqual({ replay: 1 });
  });

  it('is not verified while the replay memory is full of live signatures, and is once they expire', async () => {
    let clock = NOW;
    const agents = verifier({ maxSeen: 2, now: () => clock * 1000 });
    const at = (created: number) => request({ created, expires: created + 60 });
    expect(await agents.verify(at(NOW))).toBe('127.0.0.1');
    expect(await agents.verify(at(NOW))).toBe('127.0.0.1');
    expect(await agents.verify(at(NOW))).toBeNull();
    expect(agents.stats.refused).toEqual({ 'too many signatures': 1 });
    // Past the first two's expiry and the skew window, they are forgotten.
    clock = NOW + 200;
    expect(await agents.verify(at(clock))).toBe('127.0.0.1');
  });

  it('from an agent over http that is not a development origin is not verified', async () => {
    const agents = verifier({ devOrigins: [] });
    expect(await agents.verify(request())).toBeNull();
    expect(agents.stats.refused).toEqual({ 'agent not https': 1 });
  });

  it('of another kind (not tagged web-bot-auth) leaves the request unsigned', async () => {
    const agents = verifier();
    expect(await agents.verify(request({ tag: 'other' }))).toBeNull();
    expect(agents.stats).toMatchObject({ verified: 0, unsigned: 1, refused: {} });
  });

  it('from an agent at a private address is not verified: the origin guard refuses its directory', async () => {
    const warned: { err?: unknown }[] = [];
    const agents = verifier({ devOrigins: [], log: { warn: (obj) => warned.push(obj) } });
    const reads = directory.reads;
    const agent = `https://${directory.hostPort}`;
    expect(await agents.verify(request({ agent }))).toBeNull();
    expect(agents.stats.refused).toEqual({ 'no keys': 1 });
    expect(agents.stats.directories.failed).toBe(1);
    expect(refusalIn(warned[0]?.err)?.reason).toMatch(/loopback/);
    expect(directory.reads).toBe(reads);
  });

  it('from an agent the firewall does not know is not checked: its directory is never fetched', async () => {
    const rules = { reusable: false, maxValiditySeconds: 300 };
    const agents = verifier({ agentRules: (host) => (host === 'chatgpt.com' ? rules : null) });
    const reads = directory.reads;
    expect(await agents.verify(request())).toBeNull();
    expect(agents.stats.refused).toEqual({ 'unknown agent': 1 });
    expect(directory.reads).toBe(reads);
  });

  it('leaves a request without one unsigned', async () => {
    const agents = verifier();
    const plain = { method: 'GET', scheme: 'http', authority: SHOP, path: '/', rawHeaders: [] };
    expect(await agents.verify(plain)).toBeNull();
    expect(agents.stats.unsigned).toBe(1);
  });
});

describe('a key directory that cannot be read', () => {
  it('when down, leaves the request unsigned and is counted', async () => {
    directory.mode = 'down';
    const agents = verifier();
    expect(await agents.verify(request())).toBeNull();
    expect(agents.stats.refused).toEqual({ 'no keys': 1 });
    expect(agents.stats.directories.failed).toBe(1);
  });

  it('when too large, leaves the request unsigned and is counted', async () => {
    directory.mode = 'huge';
    const agents = verifier({ maxDirectoryBytes: 64 * 1024 });
    expect(await agents.verify(request())).toBeNull();
    expect(agents.stats.refused).toEqual({ 'no keys': 1 });
    expect(agents.stats.directories.failed).toBe(1);
  });

  it('when it hangs, the request waits briefly, and the fetch is given up at its time-out', async () => {
    directory.mode = 'hang';
    const agents = verifier({ waitMs: 50, fetchTimeoutMs: 300 });
    const started = Date.now();
    expect(await agents.verify(request())).toBeNull();
    expect(Date.now() - started).toBeLessThan(250);
    expect(agents.stats.refused).toEqual({ 'directory not ready': 1 });
    await until(() => agents.stats.directories.failed === 1, 3000);
    // Kept as a directory without keys: the next request is judged at once, without a fetch.
    const reads = directory.reads;
    expect(await agents.verify(request())).toBeNull();
    expect(agents.stats.refused).toEqual({ 'directory not ready': 1, 'no keys': 1 });
    expect(directory.reads).toBe(reads);
  });
});
