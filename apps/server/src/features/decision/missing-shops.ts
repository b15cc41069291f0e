// Shop names known not to use the app ("no such shop" or uninstalled), remembered for a short
// while so a repeated unknown name costs no database lookup. Kept apart from the compiled
// policies and bounded on its own: a flood of invented names only pushes out other invented
// names, never a real shop's policy.
export interface MissingShops {
  has(domain: string): boolean;
  add(domain: string): void;
  delete(domain: string): void;
  size(): number;
}

export function createMissingShops(options: {
  max: number;
  ttlMs: number;
  now: () => number;
}): MissingShops {
  const { max, ttlMs, now } = options;
  // Insertion order is expiry order: every entry lives ttlMs from when it was (re)added.
  const until = new Map<string, number>();
  return {
    has(domain) {
      const expires = until.get(domain);
      if (expires === undefined) return false;
      if (expires > now()) return true;
      until.delete(domain);
      return false;
    },
    add(domain) {
      until.delete(domain);
      until.set(domain, now() + ttlMs);
      while (until.size > max) until.delete(until.keys().next().value as string);
    },
    delete(domain) {
      until.delete(domain);
    },
    size: () => until.size,
  };
}
