// Country and place of an address from the two geo databases: the country database (which
// the rules' country comes from) and the city database (region, city, coordinates). They
// disagree for some networks ("United States · Quebec, Montreal"), so a place is given only
// where the city database puts the address in the same country; otherwise it is left out and
// the city database's country is kept aside to say so. The city database answers the country
// only where the country database has none.
import type { GeoFacts } from './geo-facts.js';

/** A record of the country database (ip-location-db's flat layout). */
export interface CountryRecord {
  country_code?: string;
}

/** A record of the city database (ip-location-db's flat layout). */
export interface CityRecord {
  country_code?: string;
  state1?: string;
  city?: string;
  latitude?: number;
  longitude?: number;
}

export type PlaceFacts = Pick<
  GeoFacts,
  | 'country'
  | 'region'
  | 'city'
  | 'latitude'
  | 'longitude'
  | 'countrySource'
  | 'placeSource'
  | 'placeWithheld'
>;

const text = (value: string | undefined): string | null => (value ? value : null);

export function placeFacts(listed: CountryRecord | null, place: CityRecord | null): PlaceFacts {
  const listedCountry = text(listed?.country_code);
  const placeCountry = text(place?.country_code);
  const country = listedCountry ?? placeCountry;
  const agrees = place !== null && (placeCountry === null || placeCountry === country);
  const region = agrees ? text(place.state1) : null;
  const city = agrees ? text(place.city) : null;
  const latitude = agrees ? (place.latitude ?? null) : null;
  const longitude = agrees ? (place.longitude ?? null) : null;
  return {
    country,
    region,
    city,
    latitude,
    longitude,
    countrySource: listedCountry ? 'country' : placeCountry ? 'city' : null,
    placeSource: region !== null || city !== null || latitude !== null ? 'city' : null,
    placeWithheld: place !== null && !agrees ? placeCountry : null,
  };
}
