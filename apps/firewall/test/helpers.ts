// What the firewall tests share: a policy source server (the server's snapshot endpoint, as
// it answers: bearer key, ETag and 304), a firewall instance listening on a loopback port
// (allowed to reach the loopback origins it is told to), and a request helper that sets the
// Host header a visitor's browser would send; and withFirewall, which starts the three for a
// test file and closes them after it.
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { createHash } from 'node:crypto';
import type { FirewallShop, FirewallSnapshot } from '@gatehouse/contracts';
import { DEFAULT_BLOCK_PAGE, FIREWALL_POLICIES_PATH } from '@gatehouse/contracts';
import { parseDevOrigins, type GeoLookup, type HostLookup, type RuleSet } from '@gatehouse/engine';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Redis } from 'ioredis';
import type { AccessLog } from '../src/access-log.js';
import { buildFirewall } from '../src/firewall-app.js';
import { createPolicySource, type PolicySource } from '../src/policy-source.js';

export const KEY = 'k'.repeat(64);

export function shopOf(
  host: string,
  origin: string,
  rules: RuleSet = { appEnabled: true, rules: [] },
  extra: Partial<FirewallShop> = {},
): FirewallShop {
  return {
    shopId: `shop-${host}`,
    domain: host.replace(/\W/g, '-') + '.myshopify.com',
    hosts: [host],
    origin,
    ruleSet: rules,
    blockPage: { ...DEFAULT_BLOCK_PAGE },
    contactEmail: '',
    rateLimit: null,
    ...extra,
  };
}

/** A server on a loopback port; `setup` adds its routes. Answers the app and its URL. */
export async function startLoopbackServer(
  setup: (app: FastifyInstance) => void,
  options: FastifyServerOptions = {},
): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify(options);
  setup(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return {
    app,
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
  };
}

/** A store origin on a loopback port; `setup` adds its routes. */
export const startOrigin = (setup: (app: FastifyInstance) => void) => startLoopbackServer(setup);

export interface PolicyServer {
  url: string;
  snapshot: FirewallSnapshot;
  /** Snapshot reads answered (200 or 304). */
  reads: number;
  app: FastifyInstance;
}

/**
 * Serves the document `body()` answers at `path` as the server answers the firewalls: bearer
 * key, ETag of the content, 304 when unchanged. `onRead` counts the reads answered.
 */
export async function startDocumentServer(
  path: string,
  body: () => string,
  onRead: () => void = () => {},
): Promise<{ app: FastifyInstance; url: string }> {
  return startLoopbackServer((app) =>
    app.get(path, async (request, reply) => {
      if (request.headers.authorization !== `Bearer ${KEY}`) return reply.code(401).send({});
      onRead();
      const text = body();
      const etag = `"${createHash('sha256').update(text).digest('base64url')}"`;
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.header('etag', etag).type('application/json').send(text);
    }),
  );
}

export async function startPolicyServer(snapshot: FirewallSnapshot): Promise<PolicyServer> {
  // Read only once it is listening, when `server` is set.
  const started = await startDocumentServer(
    FIREWALL_POLICIES_PATH,
    () => JSON.stringify(server.snapshot),
    () => (server.reads += 1),
  );
  const server: PolicyServer = { ...started, snapshot, reads: 0 };
  return server;
}

export interface RunningFirewall {
  port: number;
  app: FastifyInstance;
  source: PolicySource;
  close(): Promise<void>;
}

export interface FirewallOptions {
  policyUrl: string;
  /**
   * The development allowance, as FIREWALL_DEV_ORIGINS reads it: the test origins listen on
   * loopback, which the firewall otherwise refuses to reach.
   */
  devOrigins: string;
  lookup?: HostLookup;
  geo?: GeoLookup | null;
  redis?: Redis | null;
  refreshMs?: number;
  trustedProxies?: string[];
  accessLog?: Pick<AccessLog, 'record'>;
  agentDirectories?: ReadonlyMap<string, string>;
  /** Where the block page's access form posts; no form without it. */
  accessRequestUrl?: string;
}

export async function startFirewall(options: FirewallOptions): Promise<RunningFirewall> {
  const source = createPolicySource({
    url: options.policyUrl,
    ...(options.accessRequestUrl ? { accessRequestUrl: options.accessRequestUrl } : {}),
    key: KEY,
    refreshMs: options.refreshMs ?? 60_000,
    timeoutMs: 2000,
    log: { warn: () => {}, error: () => {} },
  });
  await source.firstRead;
  const app = await buildFirewall({
    source,
    geo: () => options.geo ?? null,
    key: KEY,
    originTimeoutMs: 5000,
    redis: options.redis ?? null,
    trustedProxies: options.trustedProxies ?? [],
    accessLog: options.accessLog ?? null,
    devOrigins: parseDevOrigins(options.devOrigins),
    ...(options.lookup ? { lookup: options.lookup } : {}),
    ...(options.agentDirectories ? { agentDirectories: options.agentDirectories } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    app,
    source,
    async close() {
      source.close();
      await app.close();
    },
  };
}

/** The firewall's options beyond its policy source; loopback origins are allowed unless told. */
type FirewallExtras = Omit<FirewallOptions, 'policyUrl' | 'devOrigins'> & { devOrigins?: string };

/** What withFirewall starts for a test file. */
export interface FirewallSetUp {
  origin: FastifyInstance;
  originUrl: string;
  policies: PolicyServer;
  firewall: RunningFirewall;
}

/**
 * A test file's usual set-up, started before its tests and closed after them: a store origin
 * (`origin` adds its routes; every path answers "the store" without it), the policy server
 * serving `shops` (given the origin's URL), and a firewall reading it that may reach loopback
 * origins. `firewall` gives the firewall's other options (given the origin's URL); it is read
 * when the firewall starts, after the file's own earlier before-hooks. `use` receives what was
 * started.
 */
export function withFirewall(
  options: {
    origin?: (app: FastifyInstance) => void;
    shops: (originUrl: string) => FirewallShop[];
    firewall?: (originUrl: string) => FirewallExtras | Promise<FirewallExtras>;
  },
  use: (setUp: FirewallSetUp) => void,
): void {
  let origin: FastifyInstance | undefined;
  let policies: PolicyServer | undefined;
  let firewall: RunningFirewall | undefined;
  beforeAll(async () => {
    const started = await startOrigin(
      options.origin ?? ((app) => app.all('/*', async () => 'the store')),
    );
    origin = started.app;
    policies = await startPolicyServer({ shops: options.shops(started.url) });
    firewall = await startFirewall({
      devOrigins: '127.0.0.1',
      ...(await options.firewall?.(started.url)),
      policyUrl: policies.url,
    });
    use({ origin, originUrl: started.url, policies, firewall });
  });
  afterAll(async () => {
    await firewall?.close();
    await policies?.app.close();
    await origin?.close();
  });
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One request to 127.0.0.1:port as a browser at `host` would send it. */
export function send(
  port: number,
  host: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        headers: {
          host,
          ...(options.body !== undefined
            ? { 'content-length': String(Buffer.byteLength(options.body)) }
            : {}),
          ...options.headers,
        },
        timeout: 10_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('request timed out')));
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Polls `check` every 20 ms until it holds, for at most `ms`. */
export async function until(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Sends `text` as it is on a new connection to 127.0.0.1:port; answers the status and body. */
export function sendRaw(port: number, text: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    // Written, not ended: the answer comes before the connection closes (Connection: close).
    const socket = connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.setEncoding('utf8');
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer in time')));
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
      resolve({ status, body: answer.slice(answer.indexOf('\r\n\r\n') + 4) });
    });
  });
}
