// Warnings that a visitor can cause on every request (a loop, a refused or silent origin) are
// written once per kind and host a minute at most, with how many of the same were left out
// since the last one, so a flood of bad requests cannot flood the log. The counters in the
// health answer still count every one.
import { LRUCache } from 'lru-cache';

export interface LogThrottle {
  /**
   * Whether a warning of this key is written now; when it is, how many of the same were left
   * out since the last one written.
   */
  take(key: string): { write: false } | { write: true; leftOut: number };
  /** Writes the warning, with `leftOut`, unless one of the same key was written lately. */
  warn(log: { warn(obj: object, msg: string): void }, key: string, obj: object, msg: string): void;
}

export function createLogThrottle(
  options: { windowMs?: number; keys?: number; now?: () => number } = {},
): LogThrottle {
  const windowMs = options.windowMs ?? 60_000;
  const now = options.now ?? Date.now;
  const seen = new LRUCache<string, { since: number; leftOut: number }>({
    max: options.keys ?? 10_000,
  });
  return {
    take(key) {
      const at = now();
      const last = seen.get(key);
      if (last && at - last.since < windowMs) {
        last.leftOut += 1;
        return { write: false };
      }
      seen.set(key, { since: at, leftOut: 0 });
      return { write: true, leftOut: last?.leftOut ?? 0 };
    },
    warn(log, key, obj, msg) {
      const taken = this.take(key);
      if (taken.write) log.warn({ ...obj, leftOut: taken.leftOut }, msg);
    },
  };
}
