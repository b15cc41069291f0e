// The firewall against a bare proxy of the same library (@fastify/reply-from over undici, same
// options) and against the origin itself, same run (budgets: ≤ 0.5 ms added at p50 over the
// bare proxy, CPU per request ≤ 1.5× the bare proxy's). The origin answers a 2 KB page; the
// firewall protects one shop whose rules are 10 000 IP block-list entries, a Country Blocker of
// every country but US, and 50 URL patterns (exact, prefix, glob), read from a snapshot server
// as in production. Visitors are US addresses in X-Forwarded-For (allowed: the request is
// decided, then proxied). The two proxies run in a child process of their own, so the CPU time
// it reports per request is the proxying alone (autocannon and the origin run in this one).
// Latency is timed one request at a time on a kept-alive connection; CPU per request and
// throughput come from an autocannon load of each. Rounds alternate bare, firewall, direct;
// figures are each round's and their median.
// Run: npx tsx bench/firewall.bench.mjs [--seconds 6] [--rounds 3] [--connections 20]
import { fork } from 'node:child_process';
import { Agent, createServer, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? Number(process.argv[i + 1]) : fallback;
};
const SECONDS = arg('seconds', 6);
const ROUNDS = arg('rounds', 3);
const CONNECTIONS = arg('connections', 20);
const LATENCY_REQUESTS = arg('latency-requests', 2000);
const HOST = 'bench.example.com';
const KEY = 'b'.repeat(64);
const US = ['8.8.8.8', '13.107.21.200', '4.4.4.4', '64.233.160.1'];

const listening = (server) =>
  new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server.address().port)));

async function serveProxies(originUrl, policyUrl) {
  const [{ default: Fastify }, { default: replyFrom }, firewallPkg] = await Promise.all([
    import('fastify'),
    import('@fastify/reply-from'),
    import('@gatehouse/firewall'),
  ]);
  const { buildFirewall, createPolicySource } = firewallPkg;
  const { buildNetworkClassifier, loadGeo, loadNetworkTable, parseDevOrigins } =
    await import('@gatehouse/engine');
  const bare = Fastify();
  bare.removeAllContentTypeParsers();
  bare.addContentTypeParser('*', (_r, payload, done) => done(null, payload));
  await bare.register(replyFrom, {
    undici: { connections: 128, pipelining: 1, keepAliveTimeout: 30_000 },
    disableRequestLogging: true,
  });
  bare.all('/*', (request, reply) => reply.from(originUrl + request.url));
  await bare.listen({ port: 0, host: '127.0.0.1' });

  const geo = await loadGeo({
    city: false,
    classifier: buildNetworkClassifier(loadNetworkTable(), []),
  });
  const log = { warn: () => {}, error: (o, m) => console.error(m, o) };
  const source = createPolicySource({
    url: policyUrl,
    key: KEY,
    refreshMs: 2000,
    timeoutMs: 5000,
    log,
  });
  await source.firstRead;
  if (source.status().shops !== 1) throw new Error('the firewall did not read the snapshot');
  const firewall = await buildFirewall({
    source,
    geo: () => geo,
    key: KEY,
    originTimeoutMs: 10_000,
    trustedProxies: ['127.0.0.1'],
    // The bench's origin is on loopback.
    devOrigins: parseDevOrigins('127.0.0.1'),
  });
  await firewall.listen({ port: 0, host: '127.0.0.1' });
  process.on('message', (message) => {
    if (message === 'cpu') process.send({ cpu: process.cpuUsage() });
  });
  process.send({ bare: bare.server.address().port, firewall: firewall.server.address().port });
}

if (process.argv.includes('--serve')) {
  await serveProxies(process.argv[3], process.argv[4]);
} else {
  const { COUNTRY_CODES } = await import('@gatehouse/engine');
  const page = Buffer.from(
    `<!doctype html><html><body>${'<p>Store page</p>'.repeat(120)}</body></html>`,
  );
  const origin = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html', 'content-length': page.length });
    res.end(page);
  });
  const originUrl = `http://127.0.0.1:${await listening(origin)}`;

  const rules = [];
  for (let i = 0; i < 10_000; i++) {
    rules.push({ id: `ip${i}`, kind: 'ip-block', ip: `10.${(i >> 8) & 255}.${i & 255}.0/24` });
  }
  rules.push({
    id: 'countries',
    kind: 'country',
    mode: 'blacklist',
    countries: [...COUNTRY_CODES].filter((c) => c !== 'US'),
  });
  for (let i = 0; i < 50; i++) {
    const match = ['exact', 'prefix', 'glob'][i % 3];
    const pattern = match === 'glob' ? `/**/probe-${i}.php` : `/probe-${i}`;
    rules.push({ id: `url${i}`, kind: 'url', match, pattern });
  }
  const snapshot = JSON.stringify({
    shops: [
      {
        shopId: 'bench',
        domain: 'bench.myshopify.com',
        hosts: [HOST],
        origin: originUrl,
        ruleSet: { appEnabled: true, rules },
        blockPage: {
          title: 'Blocked',
          message: 'No',
          backgroundColor: '#fff',
          textColor: '#000',
          logoUrl: null,
        },
        rateLimit: null,
      },
    ],
  });
  const policies = createServer((req, res) => {
    if (req.headers['if-none-match'] === '"v1"') return res.writeHead(304).end();
    res.writeHead(200, { 'content-type': 'application/json', etag: '"v1"' }).end(snapshot);
  });
  const policyUrl = `http://127.0.0.1:${await listening(policies)}`;

  const child = fork(fileURLToPath(import.meta.url), ['--serve', originUrl, policyUrl], {
    execArgv: ['--import', 'tsx'],
  });
  const ports = await new Promise((resolve) => child.once('message', resolve));
  const cpu = () =>
    new Promise((resolve) => {
      child.once('message', (m) => resolve(m.cpu.user + m.cpu.system));
      child.send('cpu');
    });

  let visitor = 0;
  const run = (port) =>
    autocannon({
      url: `http://127.0.0.1:${port}/products/hat`,
      connections: CONNECTIONS,
      duration: SECONDS,
      headers: { host: HOST },
      setupClient: (client) => {
        client.setHeaders({ host: HOST, 'x-forwarded-for': US[visitor++ % US.length] });
      },
    });

  // Latency one request at a time on a kept-alive connection, timed here to the microsecond
  // (autocannon's figures are whole milliseconds, too coarse for a 0.5 ms budget).
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const once = (port, ip) =>
    new Promise((resolve, reject) => {
      const started = process.hrtime.bigint();
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: '/products/hat',
          agent,
          headers: { host: HOST, 'x-forwarded-for': ip },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(Number(process.hrtime.bigint() - started) / 1e6));
        },
      );
      req.on('error', reject);
      req.end();
    });
  const latency = async (port) => {
    const times = [];
    for (let i = 0; i < LATENCY_REQUESTS; i++) times.push(await once(port, US[i % US.length]));
    times.sort((a, b) => a - b);
    return {
      p50: times[Math.floor(times.length * 0.5)],
      p99: times[Math.floor(times.length * 0.99)],
    };
  };

  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const ms = (x) => `${x.toFixed(3)} ms`;
  const rows = [];
  // A warm-up of each, not counted.
  await run(ports.bare);
  await run(ports.firewall);
  for (let round = 1; round <= ROUNDS; round++) {
    const row = { round };
    for (const [name, port] of [
      ['bare', ports.bare],
      ['firewall', ports.firewall],
      ['direct', Number(new URL(originUrl).port)],
    ]) {
      const times = await latency(port);
      const before = await cpu();
      const result = await run(port);
      const used = (await cpu()) - before;
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: failed requests`);
      row[name] = {
        p50: times.p50,
        p99: times.p99,
        rps: Math.round(result.requests.average),
        cpuUsPerRequest: name === 'direct' ? null : used / result.requests.total,
      };
    }
    rows.push(row);
    console.log(
      `round ${round}: p50 direct ${ms(row.direct.p50)}, bare ${ms(row.bare.p50)}, firewall ${ms(row.firewall.p50)}; ` +
        `p99 bare ${ms(row.bare.p99)}, firewall ${ms(row.firewall.p99)}; ` +
        `CPU/request bare ${row.bare.cpuUsPerRequest.toFixed(1)} µs, firewall ${row.firewall.cpuUsPerRequest.toFixed(1)} µs; ` +
        `req/s bare ${row.bare.rps}, firewall ${row.firewall.rps}`,
    );
  }
  agent.destroy();
  const added = median(rows.map((r) => r.firewall.p50 - r.bare.p50));
  const cpuRatio = median(rows.map((r) => r.firewall.cpuUsPerRequest / r.bare.cpuUsPerRequest));
  console.log(
    `\nmedian: firewall adds ${added.toFixed(2)} ms at p50 over the bare proxy (budget 0.5 ms); ` +
      `CPU per request ${cpuRatio.toFixed(2)}× the bare proxy's (budget 1.5×); ` +
      `${CONNECTIONS} connections, ${SECONDS} s per run, ${ROUNDS} rounds`,
  );
  child.kill();
  origin.close();
  policies.close();
}
