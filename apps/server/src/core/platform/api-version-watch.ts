// Shopify answers a request made with an API version it no longer supports as the oldest
// version it still supports, and says which in every answer's X-Shopify-API-Version header.
// The watch compares each answer's version with the one asked: the first answer of another
// version is logged (once per process and version answered) and kept, so support sees that
// the pinned version has fallen behind before anything the newer version changed breaks.
import type { FastifyBaseLogger } from 'fastify';

export const API_VERSION_HEADER = 'X-Shopify-API-Version';

/** The longest header value kept: a version is 10 characters, `unstable` 8. */
const MAX_SHOWN = 40;

export interface AnsweredVersion {
  asked: string;
  answered: string;
  /** When an answer first said so. */
  since: string;
}

export interface ApiVersionWatch {
  /** Looks at one answer's header value (undefined when the answer had none). */
  observe(answered: string | undefined): void;
  /** The version answered when it differs from the one asked; null while they agree. */
  difference(): AnsweredVersion | null;
  /** What support reads: the version in use, or the difference in words. */
  describe(): string;
}

export function describeDifference(difference: AnsweredVersion): string {
  return `Shopify answered API version ${difference.answered} for requests made with ${difference.asked}`;
}

export function createApiVersionWatch(asked: string, log: FastifyBaseLogger): ApiVersionWatch {
  let seen: AnsweredVersion | null = null;
  const logged = new Set<string>();
  return {
    observe(header) {
      const answered = header?.trim().slice(0, MAX_SHOWN);
      if (!answered || answered === asked) return;
      if (seen?.answered !== answered) seen = { asked, answered, since: new Date().toISOString() };
      if (logged.has(answered)) return;
      logged.add(answered);
      log.warn({ askedApiVersion: asked, answeredApiVersion: answered }, describeDifference(seen));
    },
    difference: () => seen,
    describe: () => (seen ? `${describeDifference(seen)} (since ${seen.since})` : asked),
  };
}
