// What a shop has before its merchant changes General Settings: the block page a blocked
// visitor sees and how long the storefront waits for a decision. The server answers these,
// the admin shows them until the settings load, and the storefront script falls back to them.
// No runtime imports, so the storefront bundle takes these constants and nothing else.
import type { BlockPage } from './storefront.js';

export const DEFAULT_BLOCK_PAGE: Readonly<BlockPage> = Object.freeze({
  title: 'Access denied',
  message:
    'Sorry, this store is not available to you. If you think this is a mistake, please contact the store.',
  backgroundColor: '#ffffff',
  textColor: '#202223',
  logoUrl: null,
});

/** How long the first page view of a visit waits for the decision, in milliseconds. */
export const DEFAULT_TIMEOUT_MS = 2500;
