import { describe, expect, it } from 'vitest';
import { placeFacts } from './place-facts.js';

const montreal = {
  country_code: 'CA',
  state1: 'Quebec',
  city: 'Montreal',
  latitude: 45.5,
  longitude: -73.6,
};

describe('placeFacts', () => {
  it('gives the place where both databases name the same country', () => {
    expect(placeFacts({ country_code: 'CA' }, montreal)).toEqual({
      country: 'CA',
      region: 'Quebec',
      city: 'Montreal',
      latitude: 45.5,
      longitude: -73.6,
      countrySource: 'country',
      placeSource: 'city',
      placeWithheld: null,
    });
  });

  it('leaves out a place in another country than the rules use, and says which', () => {
    expect(placeFacts({ country_code: 'US' }, montreal)).toEqual({
      country: 'US',
      region: null,
      city: null,
      latitude: null,
      longitude: null,
      countrySource: 'country',
      placeSource: null,
      placeWithheld: 'CA',
    });
  });

  it('takes the country from the city database only where the country database has none', () => {
    expect(placeFacts(null, montreal)).toMatchObject({
      country: 'CA',
      city: 'Montreal',
      countrySource: 'city',
      placeSource: 'city',
      placeWithheld: null,
    });
    expect(placeFacts({ country_code: '' }, montreal)).toMatchObject({ countrySource: 'city' });
  });

  it('keeps a place that names no country, and says when nothing is known', () => {
    expect(placeFacts({ country_code: 'FR' }, { city: 'Paris' })).toMatchObject({
      country: 'FR',
      city: 'Paris',
      placeSource: 'city',
    });
    expect(placeFacts({ country_code: 'FR' }, { country_code: 'FR' })).toMatchObject({
      placeSource: null,
      placeWithheld: null,
    });
    expect(placeFacts(null, null)).toEqual({
      country: null,
      region: null,
      city: null,
      latitude: null,
      longitude: null,
      countrySource: null,
      placeSource: null,
      placeWithheld: null,
    });
  });
});
