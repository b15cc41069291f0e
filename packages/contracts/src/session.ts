// Names and constants the admin and the server must agree on: cookie names, the product's
// name and version, the Pay-As-You-Go allowance.
export const SESSION_COOKIE = '_idy_og_id';
export const PERSONATE_COOKIE = '_idy_personate';
export const PRODUCT_NAME = 'Gatehouse';
export const PRODUCT_VERSION = '4.01';
/** Pay-As-You-Go page views included per period; the usage bar is usage × 100 / this. */
export const PAYG_INCLUDED_VIEWS = 4000;
