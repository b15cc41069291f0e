// What every support call (/api/support/*) shares, whichever feature serves it: the support
// API key checked in constant time on each request of the scope, the support rate limit, and
// the staff name (X-Support-User) the audit log records.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages, unauthorized } from '../errors.js';
import { bearerToken } from '../plugins/auth.js';
import { assertCleanRequest } from './route.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

export function supportAccess(app: FastifyInstance) {
  const expected = digest(app.config.supportApiKey);
  return {
    /** An onRequest hook: 401 without the support API key. */
    async guard(request: FastifyRequest): Promise<void> {
      const token = bearerToken(request.headers.authorization);
      if (!token || !timingSafeEqual(digest(token), expected)) {
        throw unauthorized(messages.supportUnauthorized);
      }
    },
    /** A preHandler hook: support's requests pass the same hygiene as the merchant's calls. */
    async clean(request: FastifyRequest): Promise<void> {
      assertCleanRequest(request);
    },
    /** Route options applying the support rate limit. */
    limited: {
      config: {
        rateLimit: { max: app.config.rateLimit.supportPerMinute, timeWindow: '1 minute' },
      },
    },
    staff(request: FastifyRequest): string {
      const who = request.headers['x-support-user'];
      return typeof who === 'string' && who.trim() ? who.trim().slice(0, 100) : 'support';
    },
  };
}
