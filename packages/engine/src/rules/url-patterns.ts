// The URL Blocker's vocabulary, shared with the contracts and the admin (no dependencies): how
// a pattern matches, what it is compared with, the methods a rule can name, and its bounds.
export const URL_MATCH_TYPES = ['exact', 'prefix', 'glob', 'regex'] as const;
export type UrlMatchType = (typeof URL_MATCH_TYPES)[number];
/** The path alone, or the path with its query string. */
export const URL_TARGETS = ['path', 'pathAndQuery'] as const;
export type UrlTarget = (typeof URL_TARGETS)[number];
export const URL_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
export type UrlMethod = (typeof URL_METHODS)[number];
export const MAX_URL_ENTRIES = 1000;
export const MAX_URL_PATTERN_LENGTH = 500;
