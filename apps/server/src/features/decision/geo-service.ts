// The geo data (country, ASN + organisation, region + city) is loaded once per process and
// shared by every shop, by the decisions and the IP lookup page, and by every app instance
// built in the process (tests build several). The city data is the bulk of it (~134 MB): every
// visit record carries region and city, so it is loaded at start like the rest,
// and answers are cached per address (engine's loadGeo). Loading starts with the app; the
// first decisions wait for it, later ones never do. If it cannot load, decisions go on with
// unknown facts (country rules then match nobody) and the failure is logged.
import { loadGeo, type Geo } from '@gatehouse/engine';
import type { GeoService } from '../../protection/services.js';
import type { FastifyBaseLogger } from 'fastify';

let shared: Promise<Geo> | null = null;

export function startGeo(log: FastifyBaseLogger): GeoService {
  const started = performance.now();
  const first = shared === null;
  shared ??= loadGeo({ city: true });
  let loaded: Geo | null = null;
  const ready: Promise<Geo | null> = shared.then(
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
            cacheEntries: geo.cacheUsage().max,
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
  return {
    current: () => loaded,
    ready,
    async setClassifier(classifier) {
      const geo = await ready;
      geo?.setClassifier(classifier);
    },
  };
}
