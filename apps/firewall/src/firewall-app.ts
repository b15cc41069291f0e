// The firewall: an HTTP reverse proxy in front of the stores it protects. For every request it
// finds the shop by the Host header, decides with the engine's decide() on the shop's compiled
// policy (the same engine the storefront decision runs; no database on the way), and then
// answers the block page (403) or the rule's redirect (302), applies the shop's rate limit per
// visitor address (a challenge page or a refusal, 429; rate-limit.ts), or streams the request
// to the shop's origin and the answer back (@fastify/reply-from over undici, keep-alive
// connections).
// Bodies are never parsed: they pass through as streams both ways. Nothing is kept between
// requests but caches and, without Redis, the rate limit's counters: any number of instances
// can run behind a load balancer. It also answers the connection probe at its well-known path.
// Every answered request of a protected shop (decided, proxied, rate limited) is handed to the
// access log (access-log.ts), which sends it to the server in batches. Before any of it, a
// request with two Host headers, a target for another host, or one that came round in a loop
// is refused (request-checks.ts); and origins are reached only at public addresses
// (origin-guard.ts). A request signed by an agent (Web Bot Auth) is verified first
// (signed-agents.ts) when it names an agent the firewall knows (signed-agent-identities.ts): a
// verified agent is decided by the merchant's choice for its purpose, never by its country or
// network (an IP block entry the merchant wrote still stops it), and the log names it.
import replyFrom from '@fastify/reply-from';
import {
  blockReason,
  FIREWALL_PROBE_PATH,
  visitReference,
  type FirewallAccessAction,
} from '@gatehouse/contracts';
import {
  decide,
  normalizeIp,
  UNKNOWN_FACTS,
  type DevOrigin,
  type GeoFacts,
  type GeoLookup,
  type HostLookup,
} from '@gatehouse/engine';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { loggedUrl, type AccessLog } from './access-log.js';
import { createLogThrottle } from './log-throttle.js';
import { createOriginAgent, refusalIn } from './origin-guard.js';
import { BAD_REQUEST, LOOP, NOT_SERVED, ORIGIN_DOWN, ORIGIN_REFUSED } from './pages.js';
import type { FeedStatus } from './feed-source.js';
import type { PolicySource, ShopEntry } from './policy-source.js';
import { originUrl, requestHeadersFor, responseHeadersFor } from './proxy-rewrite.js';
import { originForm, refusal, viaName } from './request-checks.js';
import { agentRules, signedAgentCategory } from './signed-agent-identities.js';
import { SignedAgents, signedRequestOf } from './signed-agents.js';
import { hostOf, RateLimited, registerRateLimit } from './rate-limit.js';
import { probeSignature } from './signatures.js';
import { trackConnections } from '@gatehouse/graceful-close';

export interface FirewallOptions {
  source: Pick<PolicySource, 'forHost' | 'status'>;
  /** How fresh the network feeds are, for the health answer. */
  feeds?: { status(): FeedStatus | null } | null;
  /** Geo facts for decisions; null while loading or when unavailable (unknown facts). */
  geo: () => GeoLookup | null;
  key: string;
  originTimeoutMs: number;
  trustedProxies?: string[];
  /** Shares rate-limit counters between instances. */
  redis?: Redis | null;
  logger?: boolean | { level: string };
  /** Where every answered request of a protected shop is reported; none when absent. */
  accessLog?: Pick<AccessLog, 'record'> | null;
  /** Origins that may be private: development and tests only; none when absent. */
  devOrigins?: readonly DevOrigin[];
  /** How origin host names are resolved; the system's resolver when absent. */
  lookup?: HostLookup;
  /**
   * Where a known signed agent's key directory is read (host → origin) instead of its own
   * origin: development and tests only, for the platform emulator's keys.
   */
  agentDirectories?: ReadonlyMap<string, string>;
}

/** What the access log keeps of a request's decision. */
interface Decided {
  action: FirewallAccessAction;
  rule: string | null;
  facts: GeoFacts;
  started: number;
  socketBytes: number;
  /** The host of the agent whose signature was verified, or null. */
  signedAgent: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    shop: ShopEntry | undefined;
    decided: Decided | undefined;
  }
}

const USER_AGENT_MAX = 1024;
const NONCE = /^[A-Za-z0-9_-]{16,128}$/;

export async function buildFirewall(options: FirewallOptions): Promise<FastifyInstance> {
  const { source, key } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustedProxies?.length ? options.trustedProxies : false,
    // Bodies are streamed to the origin, never held here, so no size bound applies to them.
    bodyLimit: Number.MAX_SAFE_INTEGER,
    // A line per proxied request would cost more than the proxying; errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    return503OnClosing: true,
    rewriteUrl: originForm,
  });
  trackConnections(app);
  const via = viaName(key);
  const refused = { origins: 0, loops: 0, badRequests: 0 };
  app.decorateRequest('shop', undefined);
  app.decorateRequest('decided', undefined);
  // Every body passes through untouched, as a stream.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof RateLimited) {
      return reply.code(429).type('text/html; charset=utf-8').send(error.page);
    }
    request.log.error({ err: error }, 'firewall error');
    return reply.code(502).type('text/html; charset=utf-8').send(ORIGIN_DOWN);
  });

  const agent = createOriginAgent({
    devOrigins: options.devOrigins ?? [],
    ...(options.lookup ? { lookup: options.lookup } : {}),
    connectTimeoutMs: Math.min(options.originTimeoutMs, 10_000),
    listeners: () => app.addresses().filter((a) => typeof a === 'object'),
  });
  app.addHook('onClose', async () => agent.destroy());
  await app.register(replyFrom, { undici: agent, disableRequestLogging: true });
  const signedAgents = new SignedAgents({
    devOrigins: options.devOrigins ?? [],
    agentRules,
    ...(options.agentDirectories ? { directoryOrigins: options.agentDirectories } : {}),
    ...(options.lookup ? { lookup: options.lookup } : {}),
    log: { warn: (obj, msg) => app.log.warn(obj, msg) },
  });
  app.addHook('onClose', async () => signedAgents.close());

  const warnings = createLogThrottle();

  // Refused before anything else: the probe and the health answer included.
  app.addHook('onRequest', async (request, reply) => {
    const refusedAs = refusal(request.raw, via);
    if (refusedAs === null) return;
    void reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
    if (refusedAs === 'loop') {
      refused.loops += 1;
      warnings.warn(
        request.log,
        `loop ${request.host}`,
        { host: request.host },
        'a request came round in a loop',
      );
      return reply.code(508).send(LOOP);
    }
    refused.badRequests += 1;
    return reply.code(400).send(BAD_REQUEST);
  });

  app.get(FIREWALL_PROBE_PATH, async (request, reply) => {
    const nonce = (request.query as Record<string, unknown>).nonce;
    if (typeof nonce !== 'string' || !NONCE.test(nonce)) {
      return reply.code(400).send({ Message: 'The nonce is missing or not valid.' });
    }
    const host = hostOf(request);
    void reply.header('cache-control', 'no-store');
    return { host, signature: probeSignature(key, host, nonce) };
  });

  // For load balancers and `npm start`: up, and how fresh its policies and feeds are.
  app.get(`${FIREWALL_PROBE_PATH}/health`, async () => ({
    ok: true,
    policies: source.status(),
    feeds: options.feeds?.status() ?? null,
    refused,
    signedAgents: signedAgents.stats,
  }));

  // Find the shop and decide before anything else is done with the request.
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith(FIREWALL_PROBE_PATH)) return;
    const shop = source.forHost(hostOf(request));
    if (!shop) return reply.code(421).type('text/html; charset=utf-8').send(NOT_SERVED);
    request.shop = shop;
    const headers = request.headers;
    const referrer = headers.referer;
    const userAgent = headers['user-agent'];
    const geo = options.geo();
    const started = Date.now();
    const signedAgent = await signedAgents.verify(signedRequestOf(request));
    const category = signedAgent === null ? null : signedAgentCategory(signedAgent);
    const decision = decide(
      shop.policy,
      {
        ip: request.ip,
        url: request.url,
        method: request.method,
        ...(typeof referrer === 'string' ? { referrer } : {}),
        ...(typeof userAgent === 'string' ? { userAgent: userAgent.slice(0, USER_AGENT_MAX) } : {}),
        ...(category !== null ? { signedAgent: category } : {}),
      },
      geo ? geo.lookup(request.ip) : UNKNOWN_FACTS,
    );
    request.decided = {
      action: decision.action,
      rule: decision.rule?.kind ?? null,
      facts: decision.facts,
      started,
      socketBytes: request.raw.socket?.bytesWritten ?? 0,
      signedAgent,
    };
    if (decision.action === 'allow') return;
    void reply.header('cache-control', 'no-store');
    if (decision.action === 'redirect' && decision.redirectUrl) {
      return reply.redirect(decision.redirectUrl, 302);
    }
    // The reference holds the time and address the access log keeps, so it finds this request;
    // the address is tagged in the engine's spelling, as the log's search reads it.
    const reference = visitReference(started, normalizeIp(request.ip) ?? request.ip);
    return reply
      .code(403)
      .type('text/html; charset=utf-8')
      .send(shop.blockHtml(blockReason(decision.rule), reference));
  });

  await registerRateLimit(app, { key, redis: options.redis ?? null });

  const accessLog = options.accessLog;
  if (accessLog) {
    app.addHook('onResponse', async (request, reply) => {
      const { shop, decided } = request;
      if (!shop || !decided) return;
      const length = Number(reply.getHeader('content-length'));
      const written = (request.raw.socket?.bytesWritten ?? 0) - decided.socketBytes;
      accessLog.record({
        shopId: shop.shopId,
        time: decided.started,
        ip: request.ip,
        country: decided.facts.country,
        asn: decided.facts.asn,
        method: request.method,
        url: loggedUrl(request.url),
        status: reply.statusCode,
        action: decided.action,
        rule: decided.rule,
        bytes: Number.isSafeInteger(length) && length >= 0 ? length : Math.max(0, written),
        durationMs: reply.elapsedTime,
        signedAgent: decided.signedAgent,
      });
    });
  }

  app.all('/*', async (request, reply) => {
    const shop = request.shop!;
    const host = hostOf(request);
    const visitor = { ip: request.ip, host: request.host, protocol: request.protocol, via };
    const publicOrigin = `${request.protocol}://${request.host}`;
    return reply.from(originUrl(shop, request.url), {
      timeout: options.originTimeoutMs,
      rewriteRequestHeaders: (_request, headers) => requestHeadersFor(headers, visitor),
      rewriteHeaders: (headers) => responseHeadersFor(headers, shop, publicOrigin),
      onError: (errorReply, { error }) => {
        const refusedOrigin = refusalIn(error);
        if (refusedOrigin) {
          refused.origins += 1;
          warnings.warn(
            request.log,
            `refused ${host}`,
            { host, origin: refusedOrigin.host, address: refusedOrigin.address },
            `origin refused: ${refusedOrigin.reason}`,
          );
          void errorReply.code(502).type('text/html; charset=utf-8').send(ORIGIN_REFUSED);
          return;
        }
        warnings.warn(request.log, `down ${host}`, { err: error, host }, 'origin did not answer');
        void errorReply.code(502).type('text/html; charset=utf-8').send(ORIGIN_DOWN);
      },
    });
  });

  return app;
}
