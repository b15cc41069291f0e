// What the firewall refuses before anything else: a request with two Host headers (400), an
// absolute-form target for another host than Host (400; one for the same host is served by its
// path), and a request that already went through a firewall of the deployment (508): each
// forwarded request carries the firewall's name in Via, so an origin that leads back to a
// firewall, itself or another instance, ends after one round instead of looping. An origin
// that is the firewall's own listening socket is refused outright (502), even on the
// development allowance.
import { afterAll, describe, expect, it } from 'vitest';
import { viaName } from '../src/request-checks.js';
import {
  KEY,
  send,
  sendRaw,
  shopOf,
  startFirewall,
  startPolicyServer,
  type PolicyServer,
  type RunningFirewall,
  withFirewall,
} from './helpers.js';

let reached = 0;
let lastVia: string | undefined;
const policyServers: PolicyServer[] = [];
const firewalls: RunningFirewall[] = [];
let firewall: RunningFirewall;

/** Another firewall, for a test that needs its own; closed after the file. */
async function firewallFor(shops: ReturnType<typeof shopOf>[]) {
  const policies = await startPolicyServer({ shops });
  policyServers.push(policies);
  const started = await startFirewall({ policyUrl: policies.url, devOrigins: '127.0.0.1' });
  firewalls.push(started);
  return { firewall: started, policies };
}

withFirewall(
  {
    origin: (app) =>
      app.all('/*', async (request) => {
        reached += 1;
        lastVia = request.headers.via;
        return `the store at ${request.url}`;
      }),
    shops: (originUrl) => [shopOf('shop.example.com', originUrl)],
  },
  (s) => ({ firewall } = s),
);

afterAll(async () => {
  for (const running of firewalls) await running.close();
  for (const policies of policyServers) await policies.app.close();
});

const request = (target: string, headers: string[]) =>
  [`GET ${target} HTTP/1.1`, ...headers, 'Connection: close', '', ''].join('\r\n');

describe('requests refused before anything else', () => {
  it('answers 400 to two Host headers, without asking the origin', async () => {
    const before = reached;
    const res = await sendRaw(
      firewall.port,
      request('/', ['Host: shop.example.com', 'Host: other.example.com']),
    );
    expect(res.status).toBe(400);
    expect(res.body).toContain('This request cannot be read');
    const same = await sendRaw(
      firewall.port,
      request('/', ['Host: shop.example.com', 'Host: shop.example.com']),
    );
    expect(same.status).toBe(400);
    expect(reached).toBe(before);
  });

  it('answers 400 to an absolute-form target for another host than Host', async () => {
    const before = reached;
    const res = await sendRaw(
      firewall.port,
      request('http://other.example.com/products', ['Host: shop.example.com']),
    );
    expect(res.status).toBe(400);
    expect(reached).toBe(before);
  });

  it('serves an absolute-form target for the Host by its path', async () => {
    const res = await sendRaw(
      firewall.port,
      request('http://shop.example.com/products?a=1', ['Host: shop.example.com']),
    );
    expect(res.status).toBe(200);
    expect(res.body).toBe('the store at /products?a=1');
  });

  it("adds the firewall's name to Via, after the visitor's own", async () => {
    await send(firewall.port, 'shop.example.com', '/', { headers: { via: '1.1 cdn.example' } });
    expect(lastVia).toBe(`1.1 cdn.example, 1.1 ${viaName(KEY)}`);
    expect(viaName(KEY)).not.toBe(viaName('another key'.repeat(4)));
  });

  it('answers 508 to a request that already went through it', async () => {
    const before = reached;
    const res = await send(firewall.port, 'shop.example.com', '/', {
      headers: { via: `1.1 cdn.example, 1.1 ${viaName(KEY)}` },
    });
    expect(res.status).toBe(508);
    expect(res.body.toString()).toContain('This request went round in a loop');
    expect(reached).toBe(before);
  });

  it('ends a loop between two firewalls after one round', async () => {
    // Each firewall's origin is the other one: without the Via name they would pass the
    // request back and forth until their connections ran out.
    const first = await firewallFor([]);
    const second = await firewallFor([
      shopOf('loop.example.com', `http://127.0.0.1:${first.firewall.port}`),
    ]);
    first.policies.snapshot = {
      shops: [shopOf('loop.example.com', `http://127.0.0.1:${second.firewall.port}`)],
    };
    await first.firewall.source.refresh();
    const res = await send(first.firewall.port, 'loop.example.com', '/');
    expect(res.status).toBe(508);
  });

  it('refuses an origin that is its own listening socket, even on the allowance', async () => {
    const self = await firewallFor([]);
    self.policies.snapshot = {
      shops: [shopOf('self.example.com', `http://127.0.0.1:${self.firewall.port}`)],
    };
    await self.firewall.source.refresh();
    const res = await send(self.firewall.port, 'self.example.com', '/');
    expect(res.status).toBe(502);
    expect(res.body.toString()).toContain('The store cannot be reached through this firewall');
  });
});
