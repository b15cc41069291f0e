// The decision endpoint's per-visitor rate limit: at most `max` decisions per key (the visitor
// IP, or its IPv6 /64) in a window that starts at the key's first request, like
// @fastify/rate-limit's in-memory store. It is written out here because it sits on the
// hottest route: one Map read and write per request, no promise and no hook (the plugin's
// hook cost more per decision than the decision itself). Memory is bounded: at `maxKeys`
// keys the expired ones are swept out (at most once a second, so a flood of new keys cannot
// make every request walk the map), and if that is not enough the oldest key is forgotten
// (the plugin's LRU forgets the least recent one the same way).

interface Window {
  n: number;
  resetAt: number;
}

export interface VisitorLimiter {
  /** Counts one request: 0 when allowed, else the seconds until the key may ask again. */
  hit(key: string, now: number): number;
  /** Keys currently remembered. */
  readonly size: number;
}

export function createVisitorLimiter(
  max: number,
  windowMs: number,
  maxKeys = 100_000,
): VisitorLimiter {
  const windows = new Map<string, Window>();
  let sweptAt = -Infinity;

  function makeRoom(now: number): void {
    if (now - sweptAt >= 1000) {
      sweptAt = now;
      for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
    }
    if (windows.size < maxKeys) return;
    const oldest = windows.keys().next();
    if (!oldest.done) windows.delete(oldest.value);
  }

  return {
    hit(key, now) {
      const w = windows.get(key);
      if (w === undefined || w.resetAt <= now) {
        if (w === undefined) {
          if (windows.size >= maxKeys) makeRoom(now);
          windows.set(key, { n: 1, resetAt: now + windowMs });
        } else {
          w.n = 1;
          w.resetAt = now + windowMs;
        }
        return 0;
      }
      if (w.n >= max) return Math.max(1, Math.ceil((w.resetAt - now) / 1000));
      w.n++;
      return 0;
    },
    get size() {
      return windows.size;
    },
  };
}
