// How many Geolocation Redirects rules a shop keeps: the engine refuses more, the merchant's
// calls and the admin say so first.
export const MAX_GEO_REDIRECTS = 100;
