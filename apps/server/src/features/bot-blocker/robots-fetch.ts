// Reads a store's live robots.txt: one GET with a time-out and a size cap, following at most
// three redirects, each only on the same origin or to another robots.txt over HTTPS on a named
// host (the store's own address sends to its primary domain); any other redirect is refused.
// Each shop's answer is kept for a minute; a failure is never kept, and never answered with an
// older copy.
import { isIP } from 'node:net';
import { LRUCache } from 'lru-cache';
import { readCappedText } from '../../core/http/capped-body.js';

/** Longest wait for the whole file. */
export const ROBOTS_TIMEOUT_MS = 5_000;
/** The size crawlers themselves read (Google reads the first 500 KiB). */
export const ROBOTS_MAX_BYTES = 500 * 1024;
const MAX_REDIRECTS = 3;
const CACHE_MS = 60_000;

export type RobotsRead =
  | { state: 'read'; text: string; checkedAt: Date }
  | { state: 'unreachable'; problem: string; checkedAt: Date };

class RobotsError extends Error {}

const problems = {
  timeout: `Your store's robots.txt did not answer within ${ROBOTS_TIMEOUT_MS / 1000} seconds. Check that your online store is open, then check again.`,
  network:
    "Your store's robots.txt could not be reached. Check that your online store is open and its domain points to Shopify, then check again.",
  status: (status: number) =>
    `Your store answered HTTP ${status} for its robots.txt. Check that your online store is open (not password-protected), then check again.`,
  redirect:
    "Your store's robots.txt sent the check to an address that is not a robots.txt over HTTPS, so it was not read. Check your domain settings, then check again.",
  tooLarge: `Your store's robots.txt is larger than ${ROBOTS_MAX_BYTES / 1024} KB; crawlers read only its beginning. Shorten your robots.txt.liquid template, then check again.`,
};

function nextUrl(from: URL, location: string | null): URL {
  let target: URL;
  try {
    target = new URL(location ?? '', from);
  } catch {
    throw new RobotsError(problems.redirect);
  }
  const sameOrigin = target.origin === from.origin;
  // A store's domain is a name: an address written as the host is never followed.
  const httpsRobots =
    target.protocol === 'https:' &&
    target.port === '' &&
    isIP(target.hostname.replace(/^\[|\]$/g, '')) === 0;
  if (target.pathname !== '/robots.txt' || !(sameOrigin || httpsRobots)) {
    throw new RobotsError(problems.redirect);
  }
  return target;
}

async function download(url: string): Promise<string> {
  const signal = AbortSignal.timeout(ROBOTS_TIMEOUT_MS);
  let target = new URL(url);
  for (let hop = 0; ; hop += 1) {
    const response = await fetch(target, {
      signal,
      redirect: 'manual',
      headers: { accept: 'text/plain, */*;q=0.1', 'user-agent': 'Gatehouse robots.txt check' },
    });
    if (response.status >= 300 && response.status < 400 && hop < MAX_REDIRECTS) {
      await response.body?.cancel().catch(() => {});
      target = nextUrl(target, response.headers.get('location'));
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      throw new RobotsError(problems.status(response.status));
    }
    const text = await readCappedText(response, ROBOTS_MAX_BYTES);
    if (text === null) throw new RobotsError(problems.tooLarge);
    return text;
  }
}

export interface RobotsReader {
  /** The shop's file: the copy read in the last minute, unless `fresh`. */
  read(shopId: string, url: string, fresh: boolean): Promise<RobotsRead>;
}

export function createRobotsReader(log: {
  warn(details: object, message: string): void;
}): RobotsReader {
  const cache = new LRUCache<string, RobotsRead & { state: 'read' }>({
    max: 10_000,
    ttl: CACHE_MS,
  });
  return {
    async read(shopId, url, fresh) {
      const kept = fresh ? undefined : cache.get(shopId);
      if (kept) return kept;
      const checkedAt = new Date();
      try {
        const read = { state: 'read' as const, text: await download(url), checkedAt };
        cache.set(shopId, read);
        return read;
      } catch (error) {
        cache.delete(shopId);
        const name = (error as { name?: string }).name;
        const problem =
          error instanceof RobotsError
            ? error.message
            : name === 'TimeoutError'
              ? problems.timeout
              : problems.network;
        log.warn({ err: error, url }, 'reading the store robots.txt failed');
        return { state: 'unreachable', problem, checkedAt };
      }
    },
  };
}
