// GET /api/storefront/decide: the storefront script's question "may this visitor see this
// page?". Public and rate-limited per visitor IP (the connection address, or X-Forwarded-For
// when the connection comes from a TRUSTED_PROXIES address). It answers from
// the shop's compiled policy in memory: the database is only read to build a shop's policy
// the first time, and when that is impossible the visitor is allowed (the store fails open).
// Unknown and uninstalled shops are allowed. Every decision is queued as a visit.
//
// This is the hottest route of the app, so its per-request work is kept to what
// the answer needs: no hooks (the CORS header and the rate limit are applied here, the
// scope's error handler adds the header to refusals), a hand-written query check
// (decide-query.ts, same messages as the contract), the visitor address parsed once for both
// the limiter key and the decision (visitor-ip.ts, visitor-limit.ts), the allow token re-used
// while fresh instead of signed on every request
// (allow-token-cache.ts), and a response schema so the answer is serialized by a compiled
// serializer.
import {
  shopperNotice,
  DECIDE_PATH,
  isCatalogPath,
  type DecideResponse,
} from '@gatehouse/contracts';
import { pathOfUrl } from '@gatehouse/engine';
import { decide, UNKNOWN_FACTS } from '@gatehouse/engine';
import type { FastifyInstance } from 'fastify';
import { hashSecret } from '../../core/crypto/secrets.js';
import { messages, tooManyRequests } from '../../core/errors.js';
import { crawlerDnsOf } from '../../protection/crawler-dns.js';
import { createAllowTokenCache } from './allow-token-cache.js';
import { decideResponseSchema } from './decide-response-schema.js';
import { parseDecideQuery } from './decide-query.js';
import { createVisitorIpReader } from './visitor-ip.js';
import { createVisitorLimiter } from './visitor-limit.js';

const MINUTE_MS = 60_000;

export async function decideRoute(app: FastifyInstance): Promise<void> {
  const { policies, geo, tokens, crawlerDns } = app.protection;
  const visits = app.visits;
  const allowTokens = createAllowTokenCache(tokens);
  const visitorIp = createVisitorIpReader(app.config.trustedProxies);
  const limiter = createVisitorLimiter(app.config.protection.decidePerMinute, MINUTE_MS);

  app.get(
    DECIDE_PATH,
    { schema: { response: { 200: decideResponseSchema } } },
    async (request, reply): Promise<DecideResponse> => {
      void reply.header('access-control-allow-origin', '*');
      const { ip, limitKey } = visitorIp(request);
      const retryAfter = limiter.hit(limitKey, Date.now());
      // The storefront script reads no limiter counters; a refusal says when to retry.
      if (retryAfter > 0) {
        void reply.header('retry-after', String(retryAfter));
        throw tooManyRequests(messages.tooManyRequests);
      }
      const query = parseDecideQuery(request.query);
      const lookup = geo.current() ?? (await geo.ready);

      let entry = policies.peek(query.shop);
      if (entry === undefined) {
        try {
          entry = await policies.load(query.shop);
        } catch (error) {
          request.log.error(
            { err: error, shop: query.shop },
            'no policy and no database: allowing',
          );
          return { action: 'allow' };
        }
      }
      if (!entry) return { action: 'allow' };

      const adminDevice =
        entry.adminAccess &&
        tokens.isSignedDevice(query.d, entry.shopId) &&
        entry.devices.has(hashSecret(query.d ?? ''));
      const userAgent = (request.headers['user-agent'] ?? '').slice(0, 1024);
      const facts = lookup ? lookup.lookup(ip) : UNKNOWN_FACTS;
      const decision = decide(
        entry.policy,
        {
          ip,
          url: query.url,
          referrer: query.ref,
          userAgent,
          adminDevice,
          redirected: query.redirected,
          ...crawlerDnsOf(crawlerDns, userAgent, ip, facts),
        },
        facts,
      );
      const time = Date.now();
      visits.record({
        shopId: entry.shopId,
        time,
        ip,
        url: query.url,
        referrer: query.ref,
        userAgent,
        decision,
        // What decided, as it stands in the very policy that decided.
        ruleFacts: entry.describe(decision.rule),
        monitorFacts: entry.describe(decision.monitor),
      });

      void reply.header('cache-control', 'no-store');
      // The shopper's notice carries the visit's own time: its reference finds this visit.
      const blocked = (): DecideResponse => ({
        action: 'block',
        blockPage: entry.blockPage,
        notice: shopperNotice(decision.rule, entry.contactEmail, { time, ip }),
      });
      if (decision.action === 'block') return blocked();
      // Content Protection's switches for this page; an admin-access device is never restricted.
      const switches = adminDevice ? undefined : entry.contentProtection;
      const protect =
        switches && switches.catalog.length > 0
          ? isCatalogPath(pathOfUrl(query.url))
            ? switches.catalog
            : switches.store
          : [];
      const protecting = protect.length > 0 ? { protect: [...protect] } : {};
      if (decision.action === 'redirect' && decision.prompt) {
        // The visitor sees the store while asked, so the session's later views need not wait.
        return {
          action: 'redirect',
          redirectUrl: decision.redirectUrl!,
          prompt: decision.prompt,
          token: allowTokens.tokenFor(query.shop, ip, entry.version, query.t),
          ...protecting,
        };
      }
      if (decision.action === 'redirect') {
        return decision.redirectUrl
          ? { action: 'redirect', redirectUrl: decision.redirectUrl }
          : blocked();
      }
      return {
        action: 'allow',
        // A still-fresh token (the visitor's, or the last one minted for this shop and IP) is
        // handed back as is: re-checks stay cheap.
        token: allowTokens.tokenFor(query.shop, ip, entry.version, query.t),
        ...protecting,
        ...(adminDevice ? { adminAccess: true } : {}),
      };
    },
  );
}
