// The geo data (country, ASN + organisation; no city: it would cost ~130 MB) is loaded once
// per process and shared by every shop and every app instance built in the process (tests
// build several). Loading starts with the app; the first decisions wait for it, later ones
// never do. If it cannot load, decisions go on with unknown facts (country rules then match
// nobody) and the failure is logged.
import { loadGeo, type Geo, type GeoLookup } from '@gatehouse/engine';
import type { FastifyBaseLogger } from 'fastify';

let shared: Promise<Geo> | null = null;

export interface GeoService {
  /** The loaded data, or null while loading or when it failed. */
  current(): GeoLookup | null;
  ready: Promise<GeoLookup | null>;
}

export function startGeo(log: FastifyBaseLogger): GeoService {
  const started = performance.now();
  const first = shared === null;
  shared ??= loadGeo({ city: false });
  let loaded: Geo | null = null;
  const ready = shared.then(
    (geo) => {
      loaded = geo;
      if (first) {
        const memory = geo.memoryUsage();
        log.info(
          {
            ms: Math.round(performance.now() - started),
            loadTimes: geo.loadTimes,
            memoryMB: Math.round((memory.total / 1024 / 1024) * 10) / 10,
            memory,
          },
          'geo data loaded',
        );
      }
      return geo;
    },
    (error: unknown) => {
      shared = null;
      log.error({ err: error }, 'geo data could not be loaded; decisions use unknown facts');
      return null;
    },
  );
  return { current: () => loaded, ready };
}
