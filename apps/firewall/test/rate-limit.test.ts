// The firewall's rate limit per visitor address and shop: past the limit a visitor gets the
// refusal page (block) or the challenge page (challenge), whose pass, once the browser has set
// it, lets that browser through again; other visitors and other shops keep their own counts.
// With Redis the count is shared by every instance: two firewalls on one Redis refuse the
// request that goes over the limit, wherever it lands.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { freePort } from '@gatehouse/test-support';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  send,
  shopOf,
  startFirewall,
  until,
  type PolicyServer,
  type RunningFirewall,
  withFirewall,
} from './helpers.js';

const REDIS_SERVER = '/usr/bin/redis-server';

let policies: PolicyServer;
let firewall: RunningFirewall;

const limited = (action: 'block' | 'challenge') => ({ max: 3, windowSeconds: 60, action });

withFirewall(
  {
    shops: (originUrl) => [
      shopOf('block.example.com', originUrl, undefined, { rateLimit: limited('block') }),
      shopOf('challenge.example.com', originUrl, undefined, { rateLimit: limited('challenge') }),
      shopOf('open.example.com', originUrl),
    ],
    firewall: () => ({ trustedProxies: ['127.0.0.1'] }),
  },
  (s) => ({ policies, firewall } = s),
);

const from = (ip: string, cookie?: string) => ({
  headers: { 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) },
});

async function statuses(port: number, host: string, ip: string, n: number) {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await send(port, host, '/', from(ip))).status);
  return out;
}

describe('rate limiting per visitor', () => {
  it('refuses the requests past the limit, per address and per shop', async () => {
    expect(await statuses(firewall.port, 'block.example.com', '192.0.2.1', 5)).toEqual([
      200, 200, 200, 429, 429,
    ]);
    const refused = await send(firewall.port, 'block.example.com', '/', from('192.0.2.1'));
    expect(refused.body.toString()).toContain('Too many requests');
    expect(await statuses(firewall.port, 'block.example.com', '192.0.2.2', 1)).toEqual([200]);
    expect(await statuses(firewall.port, 'open.example.com', '192.0.2.1', 5)).toEqual([
      200, 200, 200, 200, 200,
    ]);
  });

  it('challenges past the limit, and lets a browser that passed it through', async () => {
    await statuses(firewall.port, 'challenge.example.com', '192.0.2.3', 3);
    const challenge = await send(firewall.port, 'challenge.example.com', '/', from('192.0.2.3'));
    expect(challenge.status).toBe(429);
    const pass = /gh_fw_pass=([\w.-]+)/.exec(challenge.body.toString())?.[1];
    expect(pass).toBeDefined();
    const passed = await send(
      firewall.port,
      'challenge.example.com',
      '/',
      from('192.0.2.3', `gh_fw_pass=${pass}`),
    );
    expect(passed.status).toBe(200);
    // The pass is bound to the address it was given to.
    expect(await statuses(firewall.port, 'challenge.example.com', '192.0.2.4', 3)).toEqual([
      200, 200, 200,
    ]);
    const other = await send(
      firewall.port,
      'challenge.example.com',
      '/',
      from('192.0.2.4', `gh_fw_pass=${pass}`),
    );
    expect(other.status).toBe(429);
  });
});

describe.skipIf(!existsSync(REDIS_SERVER) && !process.env.CI)('rate limiting over Redis', () => {
  let redisProcess: ChildProcess;
  const clients: Redis[] = [];
  const instances: RunningFirewall[] = [];

  beforeAll(async () => {
    const port = await freePort();
    redisProcess = spawn(
      REDIS_SERVER,
      ['--port', String(port), '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    const probe = new Redis({ port, lazyConnect: true, maxRetriesPerRequest: 0 });
    probe.on('error', () => {});
    await until(async () => {
      try {
        await probe.connect();
        return (await probe.ping()) === 'PONG';
      } catch {
        probe.disconnect();
        return false;
      }
    });
    probe.disconnect();
    for (let i = 0; i < 2; i++) {
      const client = new Redis({
        port,
        connectTimeout: 500,
        commandTimeout: 500,
        maxRetriesPerRequest: 1,
      });
      client.on('error', () => {});
      clients.push(client);
      instances.push(
        await startFirewall({
          devOrigins: '127.0.0.1',
          policyUrl: policies.url,
          redis: client,
          trustedProxies: ['127.0.0.1'],
        }),
      );
    }
  });

  afterAll(async () => {
    for (const instance of instances) await instance.close();
    for (const client of clients) client.disconnect();
    redisProcess?.kill();
  });

  it('shares one count between two instances', async () => {
    const [a, b] = instances;
    const got = [
      ...(await statuses(a!.port, 'block.example.com', '192.0.2.50', 2)),
      ...(await statuses(b!.port, 'block.example.com', '192.0.2.50', 1)),
      ...(await statuses(a!.port, 'block.example.com', '192.0.2.50', 1)),
      ...(await statuses(b!.port, 'block.example.com', '192.0.2.50', 1)),
    ];
    expect(got).toEqual([200, 200, 200, 429, 429]);
  });
});
