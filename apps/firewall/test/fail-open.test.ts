// The firewall keeps serving when its policy source is down: the last policies it read go on
// deciding (a blocked address stays blocked, everyone else reaches the store), and a shop
// whose stored rules do not compile is served with no rules rather than refused.
import { describe, expect, it } from 'vitest';
import {
  send,
  shopOf,
  type PolicyServer,
  type RunningFirewall,
  until,
  withFirewall,
} from './helpers.js';

let policies: PolicyServer;
let firewall: RunningFirewall;
let reached = 0;

withFirewall(
  {
    origin: (app) =>
      app.all('/*', async () => {
        reached += 1;
        return 'the store';
      }),
    shops: (originUrl) => [
      shopOf('shop.example.com', originUrl, {
        appEnabled: true,
        rules: [{ id: 'b1', kind: 'ip-block', ip: '198.51.100.7' }],
      }),
      shopOf('broken.example.com', originUrl, {
        appEnabled: true,
        rules: [{ id: 'b1', kind: 'ip-block', ip: 'not an address' }],
      }),
    ],
    firewall: () => ({ refreshMs: 100, trustedProxies: ['127.0.0.1'] }),
  },
  (s) => ({ policies, firewall } = s),
);

const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

describe('with the policy source down', () => {
  it('goes on deciding with the last policies and forwarding everyone else', async () => {
    expect((await send(firewall.port, 'shop.example.com', '/', from('198.51.100.7'))).status).toBe(
      403,
    );
    await policies.app.close();
    // The firewall has tried (and failed) to read the source at least twice since.
    await until(() => firewall.source.status().failures >= 2);
    const before = reached;
    const allowed = await send(firewall.port, 'shop.example.com', '/products/hat', from('8.8.8.8'));
    expect(allowed.status).toBe(200);
    expect(allowed.body.toString()).toBe('the store');
    expect(reached).toBe(before + 1);
    const blocked = await send(firewall.port, 'shop.example.com', '/', from('198.51.100.7'));
    expect(blocked.status).toBe(403);
    expect(reached).toBe(before + 1);
  });

  it('serves a shop whose rules do not compile without rules', async () => {
    const res = await send(firewall.port, 'broken.example.com', '/', from('198.51.100.7'));
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe('the store');
  });
});
