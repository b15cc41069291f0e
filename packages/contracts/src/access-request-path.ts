// What the storefront's "Request access" form needs of the access request call, without the
// schema library: the path and the limits its fields are held to.

/** The storefront's public call that sends a request. */
export const ACCESS_REQUEST_PATH = '/api/storefront/accessRequest';

export const accessRequestLimits = { email: 254, message: 1000 } as const;
