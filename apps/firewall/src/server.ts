// Runs one firewall instance: reads its configuration, starts the geo data (country and ASN;
// no city data, which decisions do not use) with the built-in network classification, reads
// the policies and the network feeds' copies from the server (the classification is rebuilt
// with the feeds whenever they change), sends its access log there in batches, and listens on
// FIREWALL_PORT until SIGINT/SIGTERM.
import {
  buildNetworkClassifier,
  loadGeo,
  loadNetworkTable,
  type Geo,
  type NetworkClassifier,
} from '@gatehouse/engine';
import { Redis } from 'ioredis';
import { closeGracefully } from '@gatehouse/graceful-close';
import { createAccessLog, type AccessLog } from './access-log.js';
import { loadFirewallConfig } from './env.js';
import { createFeedSource, type FeedSource } from './feed-source.js';
import { buildFirewall } from './firewall-app.js';
import { createPolicySource } from './policy-source.js';

const config = loadFirewallConfig();
const table = loadNetworkTable();
/** The built-in table until the feeds arrive; then rebuilt with them on every change. */
let classifier: NetworkClassifier = buildNetworkClassifier(table, []);
let geo: Geo | null = null;
const geoReady = loadGeo({ city: false, classifier }).then(
  (loaded) => {
    geo = loaded;
    // The feeds may have arrived while the geo data loaded.
    loaded.setClassifier(classifier);
  },
  (error: unknown) =>
    console.error('geo data could not be loaded; deciding with unknown facts', error),
);

const redis = config.redisUrl
  ? new Redis(config.redisUrl, {
      connectTimeout: config.redisTimeoutMs,
      commandTimeout: config.redisTimeoutMs,
      maxRetriesPerRequest: 1,
      enableOfflineQueue: false,
    })
  : null;

const logger = { level: config.logLevel };
let source: ReturnType<typeof createPolicySource> | null = null;
let feeds: FeedSource | null = null;
let accessLog: AccessLog | null = null;
const app = await buildFirewall({
  // The source logs through the app's logger, so it starts once the app exists.
  source: {
    forHost: (host) => source?.forHost(host),
    status: () => source?.status() ?? { loadedAt: null, failures: 0, shops: 0, fromCache: false },
  },
  feeds: { status: () => feeds?.status() ?? null },
  geo: () => geo,
  key: config.key,
  originTimeoutMs: config.originTimeoutMs,
  trustedProxies: config.trustedProxies,
  devOrigins: config.devOrigins,
  agentDirectories: config.agentDirectories,
  redis,
  logger,
  accessLog: { record: (entry) => accessLog?.record(entry) },
});
redis?.on('error', (error) => app.log.warn({ err: error }, 'redis unavailable; limits skipped'));
source = createPolicySource({
  url: config.policyUrl,
  accessRequestUrl: config.accessRequestUrl,
  key: config.key,
  refreshMs: config.policyRefreshMs,
  timeoutMs: config.policyTimeoutMs,
  waitSeconds: config.policyWaitSeconds,
  cacheFile: config.policyCacheFile,
  log: app.log,
});
feeds = createFeedSource({
  url: config.policyUrl,
  key: config.key,
  refreshMs: config.policyRefreshMs,
  timeoutMs: config.policyTimeoutMs,
  waitSeconds: config.policyWaitSeconds,
  cacheFile: config.feedsCacheFile,
  table,
  onClassifier: (next) => {
    classifier = next;
    geo?.setClassifier(next);
  },
  log: app.log,
});
accessLog = createAccessLog({
  url: config.policyUrl,
  key: config.key,
  ...config.accessLog,
  log: app.log,
});

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    source?.close();
    feeds?.close();
    closeGracefully(app, 10_000).then(
      async () => {
        // What the last requests added is sent before the process ends.
        await accessLog?.close();
        await redis?.quit().catch(() => {});
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error(error);
        process.exit(1);
      },
    );
  });
}

await Promise.all([source.firstRead, feeds.firstRead, geoReady]);
await app.listen({ port: config.port, host: config.host });
app.log.info(
  `Gatehouse firewall on ${config.host}:${config.port}, policies from ${config.policyUrl}`,
);
