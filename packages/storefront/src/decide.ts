// Asks the app what to do with this page view (GET DECIDE_PATH of the storefront contract) and
// checks the answer's shape by hand: the contract's zod schemas stay on the server, the script
// must stay small. When the app-embed block's inline part already asked exactly this question
// as the page started, its pending answer is taken instead of asking again.
import type { DECIDE_PATH, DecideResponse } from '@gatehouse/contracts';
import type { Config } from './config.js';
import { fetchJson } from './fetch-json.js';

declare global {
  interface Window {
    /** The decision the block's inline part started: its query and its pending answer. */
    GatehouseStart?: { q?: unknown; p?: unknown };
  }
}

const PATH: typeof DECIDE_PATH = '/api/storefront/decide';

export interface Tokens {
  /** The session's allow token. */
  t?: string | undefined;
  /** The admin-access device token. */
  d?: string | undefined;
  /** The session already had its geolocation redirect. */
  g?: string | undefined;
}

/** The decision, or null when there is none to act on (the caller reveals the page). */
export async function decide(
  config: Config,
  tokens: Tokens,
  timeoutMs: number,
): Promise<DecideResponse | null> {
  // The contract caps both at 2048 characters; a longer one would be refused and fail open.
  const query = new URLSearchParams({
    shop: config.shop,
    url: location.href.slice(0, 2048),
    ref: document.referrer.slice(0, 2048),
  });
  if (tokens.t) query.set('t', tokens.t);
  if (tokens.d) query.set('d', tokens.d);
  if (tokens.g) query.set('g', '1');
  const started = window.GatehouseStart;
  // Taken once: a later call (none today) asks afresh.
  window.GatehouseStart = {};
  const answer: unknown = await (started?.q === String(query) && started.p instanceof Promise
    ? started.p.catch(() => null)
    : fetchJson(`${config.api}${PATH}?${query}`, {}, timeoutMs));
  const action = (answer as DecideResponse | null)?.action;
  return action == 'allow' || action == 'block' || action == 'redirect'
    ? (answer as DecideResponse)
    : null;
}
