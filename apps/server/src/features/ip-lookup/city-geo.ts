// The IP lookup page's geo data, with region, city and coordinates (dbip-city). It is ~134 MB
// in memory, so it is loaded on the first lookup, not at start, and then shared by every app
// built in the process. Storefront decisions keep using the smaller data loaded at start.
import { loadGeo, type Geo } from '@gatehouse/engine';

let shared: Promise<Geo> | null = null;

export function cityGeo(): Promise<Geo> {
  shared ??= loadGeo({ city: true }).catch((error: unknown) => {
    shared = null; // try again on the next lookup
    throw error;
  });
  return shared;
}
