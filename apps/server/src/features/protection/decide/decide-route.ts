// GET /api/storefront/decide: the storefront script's question "may this visitor see this
// page?". Public and rate-limited per visitor IP (request.ip: the connection address, or
// X-Forwarded-For when the connection comes from a TRUSTED_PROXIES address). It answers from
// the shop's compiled policy in memory: the database is only read to build a shop's policy
// the first time, and when that is impossible the visitor is allowed (the store fails open).
// Unknown and uninstalled shops are allowed. Every decision is queued as a visit.
import { DECIDE_PATH, decideQuery, type DecideResponse } from '@gatehouse/contracts';
import { decide, normalizeIp, UNKNOWN_FACTS } from '@gatehouse/engine';
import type { FastifyInstance } from 'fastify';
import { hashSecret } from '../../../crypto/secrets.js';
import type { ProtectionServices } from '../protection-services.js';
import { ALLOW_TOKEN_TTL_MS } from './signed-tokens.js';

export function registerDecideRoute(app: FastifyInstance, services: ProtectionServices): void {
  const { policies, visits, geo, tokens } = services;

  app.get(
    DECIDE_PATH,
    {
      // A JSON answer for a storefront script: page security headers (CSP and friends) do
      // nothing here and cost tens of microseconds per decision.
      helmet: false,
      config: {
        rateLimit: { max: app.config.protection.decidePerMinute, timeWindow: '1 minute' },
      },
    },
    async (request, reply): Promise<DecideResponse> => {
      const query = decideQuery.parse(request.query);
      const lookup = geo.current() ?? (await geo.ready);
      const ip = normalizeIp(request.ip) ?? request.ip;

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
      const decision = decide(
        entry.policy,
        { ip, url: query.url, referrer: query.ref, userAgent, adminDevice },
        lookup ? lookup.lookup(ip) : UNKNOWN_FACTS,
      );
      visits.record({
        shopId: entry.shopId,
        time: new Date(),
        ip,
        url: query.url,
        referrer: query.ref,
        userAgent,
        decision,
      });

      void reply.header('cache-control', 'no-store');
      if (decision.action === 'block') return { action: 'block', blockPage: entry.blockPage };
      if (decision.action === 'redirect') {
        return decision.redirectUrl
          ? { action: 'redirect', redirectUrl: decision.redirectUrl }
          : { action: 'block', blockPage: entry.blockPage };
      }
      // A still-fresh token is handed back as is: re-checks stay cheap.
      const fresh = tokens.allowRemaining(query.t, query.shop, ip) > ALLOW_TOKEN_TTL_MS / 2;
      return {
        action: 'allow',
        token: fresh && query.t ? query.t : tokens.mintAllow(query.shop, ip),
        ...(adminDevice ? { adminAccess: true } : {}),
      };
    },
  );
}
