// The firewall's rate limit: per shop and visitor address, as the shop's settings say, with
// counters in Redis when there is one (shared by every instance) and in memory otherwise. Over
// the limit, a visitor gets the challenge page (a browser that passes it is let through for
// an hour) or a refusal, both 429; the access log records the request as limited.
import rateLimit from '@fastify/rate-limit';
import { FIREWALL_PROBE_PATH } from '@gatehouse/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { renderChallenge, TOO_MANY } from './pages.js';
import { isValidPass, mintPass, passFromCookies, PASS_SECONDS } from './signatures.js';

/** The host a request was sent to, lower case, without a port. */
export const hostOf = (request: FastifyRequest) => request.host.replace(/:\d+$/, '').toLowerCase();

/** A request over its shop's limit; the error handler answers its page with 429. */
export class RateLimited extends Error {
  constructor(readonly page: string) {
    super('rate limited');
  }
}

export async function registerRateLimit(
  app: FastifyInstance,
  options: { key: string; redis: Redis | null },
): Promise<void> {
  const { key } = options;
  await app.register(rateLimit, {
    global: true,
    hook: 'preHandler',
    redis: options.redis,
    nameSpace: 'gatehouse-fw-',
    // A Redis that cannot be reached must not take the stores down: requests go through.
    skipOnError: true,
    keyGenerator: (request) => `${request.shop?.shopId ?? ''}|${request.ip}`,
    max: async (request) => request.shop?.rateLimit?.max ?? Number.MAX_SAFE_INTEGER,
    timeWindow: async (request) => (request.shop?.rateLimit?.windowSeconds ?? 60) * 1000,
    allowList: (request) => {
      const limit = request.shop?.rateLimit;
      if (!limit) return true;
      if (request.url.startsWith(FIREWALL_PROBE_PATH)) return true;
      // A browser that passed the challenge is not limited for an hour.
      return (
        limit.action === 'challenge' &&
        isValidPass(key, hostOf(request), request.ip, passFromCookies(request.headers.cookie))
      );
    },
    addHeaders: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
      'retry-after': true,
    },
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    errorResponseBuilder: (request) => {
      if (request.decided) request.decided.action = 'limit';
      if (request.shop?.rateLimit?.action === 'challenge') {
        return new RateLimited(
          renderChallenge(mintPass(key, hostOf(request), request.ip), PASS_SECONDS),
        );
      }
      return new RateLimited(TOO_MANY);
    },
  });
}
