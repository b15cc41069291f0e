// The firewall reaches only public origins: an origin on loopback, a private network,
// link-local (the cloud metadata address), IPv4-mapped IPv6 or any other spelling of such an
// address, a name that resolves to one (now, whatever it resolved to when it was saved), and a
// name with one such address among public ones are all refused at connect time with a 502
// page, counted in the health answer, and never reached. The development allowance lets the
// listed host:port through, and only it: another name resolving to the same address is still
// refused. The connection goes to the address the check saw (the test names do not resolve on
// this machine at all). Redirects are not followed: the browser gets them.
import { forbiddenHost } from '@gatehouse/test-support/forbidden-addresses';
import type { HostLookup } from '@gatehouse/engine';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { createServer as createTlsServer, type Server as TlsServer } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send, shopOf, startOrigin, type RunningFirewall, withFirewall } from './helpers.js';

let originPort: number;
let inside: FastifyInstance;
let insideUrl: string;
let firewall: RunningFirewall;
let tlsServer: TlsServer;
let tlsPort: number;
const tlsNames: string[] = [];
let reached = 0;
let insideReached = 0;
const lookups: string[] = [];

const NAMES: Record<string, string[]> = {
  'dev.example': ['127.0.0.1'],
  'tls.example': ['127.0.0.1'],
  'rebind.example': ['127.0.0.1'],
  'inside.example': ['10.0.0.7'],
  'mapped.example': ['::ffff:127.0.0.1'],
  'mixed.example': ['23.227.38.65', '127.0.0.1'],
};
const lookup: HostLookup = async (hostname) => {
  lookups.push(hostname);
  const answers = NAMES[hostname];
  if (!answers) throw Object.assign(new Error(`${hostname} not found`), { code: 'ENOTFOUND' });
  return answers;
};

const PROPERTY_RUNS = 150;
const generated = fc.sample(forbiddenHost, { numRuns: PROPERTY_RUNS, seed: 20261128 });

beforeAll(async () => {
  ({ app: inside, url: insideUrl } = await startOrigin((app) =>
    app.all('/*', async () => {
      insideReached += 1;
      return 'the inside service';
    }),
  ));
  // Records the TLS server name each handshake asks for, then ends it (it holds no certificate).
  tlsServer = createTlsServer({
    SNICallback: (name, done) => {
      tlsNames.push(name);
      done(new Error('no certificate here'), undefined);
    },
  });
  tlsServer.on('tlsClientError', () => {});
  await new Promise<void>((resolve) => tlsServer.listen(0, '127.0.0.1', resolve));
  const tlsAddress = tlsServer.address();
  tlsPort = typeof tlsAddress === 'object' && tlsAddress ? tlsAddress.port : 0;
});

afterAll(async () => {
  await inside?.close();
  tlsServer?.close();
});

withFirewall(
  {
    origin: (app) => {
      app.get('/go-inside', async (_request, reply) => reply.redirect(`${insideUrl}/secret`, 302));
      app.all('/*', async () => {
        reached += 1;
        return 'the store';
      });
    },
    shops: (originUrl) => {
      originPort = Number(new URL(originUrl).port);
      return [
        shopOf('dev.shop', `http://dev.example:${originPort}`),
        shopOf('tls.shop', `https://tls.example:${tlsPort}`),
        shopOf('loopback.shop', insideUrl),
        shopOf('localhost.shop', `http://localhost:${new URL(insideUrl).port}`),
        shopOf('private.shop', 'http://10.0.0.7:8080'),
        shopOf('metadata.shop', 'http://169.254.169.254/latest/meta-data'),
        shopOf('mapped-literal.shop', `http://[::ffff:127.0.0.1]:${new URL(insideUrl).port}`),
        shopOf('rebind.shop', `http://rebind.example:${originPort}`),
        shopOf('inside.shop', `http://inside.example:${originPort}`),
        shopOf('mapped.shop', `http://mapped.example:${originPort}`),
        shopOf('mixed.shop', `http://mixed.example:${originPort}`),
        shopOf('unknown.shop', `http://nowhere.example:${originPort}`),
        ...generated.map((host, i) => shopOf(`generated-${i}.shop`, `http://${host}:9`)),
      ];
    },
    // The development allowance names the store origin's port and the TLS server alone: every
    // other loopback address (the inside service's) stays refused.
    firewall: () => ({
      devOrigins: `dev.example:${originPort},127.0.0.1:${originPort},tls.example:${tlsPort}`,
      lookup,
    }),
  },
  (s) => ({ firewall } = s),
);

async function refusedCount(): Promise<number> {
  const res = await send(firewall.port, 'any.example', '/.well-known/gatehouse-firewall/health');
  return (JSON.parse(res.body.toString()) as { refused: { origins: number } }).refused.origins;
}

describe("the firewall's origins", () => {
  it('reaches an origin on the development allowance at the address the check saw', async () => {
    const before = reached;
    const res = await send(firewall.port, 'dev.shop', '/products/hat');
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe('the store');
    expect(reached).toBe(before + 1);
    expect(lookups).toContain('dev.example');
  });

  it('opens TLS to an https origin at the checked address, by name, never by address', async () => {
    const res = await send(firewall.port, 'tls.shop', '/');
    // The handshake reached the address tls.example resolved to (nothing else resolves it) and
    // named the host the request is for, the store's domain, as before the check existed.
    expect(tlsNames).toEqual(['tls.shop']);
    expect(res.status).toBe(502);
    expect(res.body.toString()).toContain('The store is not answering');
  });

  it.each([
    ['loopback', 'loopback.shop'],
    ['a name that resolves to loopback', 'localhost.shop'],
    ['a private address', 'private.shop'],
    ['the link-local metadata address', 'metadata.shop'],
    ['IPv4-mapped IPv6 loopback', 'mapped-literal.shop'],
    ['a name that resolves to a private address now', 'rebind.shop'],
    ['a name that resolves to a private address', 'inside.shop'],
    ['a name that resolves to IPv4-mapped loopback', 'mapped.shop'],
    ['a name with one loopback address among public ones', 'mixed.shop'],
    ['a name that does not resolve', 'unknown.shop'],
  ])('refuses %s with a 502 page, counted, never reaching it', async (_what, host) => {
    const [before, insideBefore, countBefore] = [reached, insideReached, await refusedCount()];
    const res = await send(firewall.port, host, '/');
    expect(res.status).toBe(502);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body.toString()).toContain('The store cannot be reached through this firewall');
    expect([reached, insideReached]).toEqual([before, insideBefore]);
    expect(await refusedCount()).toBe(countBefore + 1);
  });

  it('passes a redirect into a private address to the browser, and never follows it', async () => {
    const res = await send(firewall.port, 'dev.shop', '/go-inside');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`${insideUrl}/secret`);
    expect(insideReached).toBe(0);
  });

  it('refuses every generated spelling of a forbidden address', async () => {
    const countBefore = await refusedCount();
    for (let i = 0; i < generated.length; i++) {
      const res = await send(firewall.port, `generated-${i}.shop`, '/');
      expect(res.status, generated[i]).toBe(502);
    }
    expect(await refusedCount()).toBe(countBefore + generated.length);
    expect(insideReached).toBe(0);
  });
});
