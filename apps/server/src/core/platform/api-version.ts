// The Admin API version the server asks for unless SHOPIFY_API_VERSION says otherwise. The
// schema conformance test holds every document the server sends to Shopify's published schema
// of this version.
export const API_VERSION = '2026-10';

/** A quarterly release (`2026-10`) or `unstable`. */
export const API_VERSION_FORMAT = /^(\d{4}-(01|04|07|10)|unstable)$/;
