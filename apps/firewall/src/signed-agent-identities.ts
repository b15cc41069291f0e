// Which signed agents the firewall knows (the contracts' list, by the host of their
// Signature-Agent), the Bot Blocker category their purpose puts them in, and how their
// signatures are checked. The merchant's choice for that category decides them, whatever
// country or network they come from; only the IP lists and URL rules the merchant wrote apply
// to them besides (the engine's rule for verified signed agents). A purpose whose category the
// engine does not have yet falls in `ai-crawlers`, the category that held every AI agent
// before they were split by purpose. The store's own crawler (a signature made in Shopify's
// admin) is in no category: the Bot Blocker lets it through.
//
// An AI agent signs each request anew, so its signature lasts minutes and is refused the
// second time (a replay). A signature made in Shopify's admin is the other kind: one
// credential the merchant pastes into their tool, sent unchanged with every request until it
// expires, at most about three months after it was made. It covers the store's domain, so it
// is good for that store only; sending it again is its ordinary use, not a replay.
//
// The signatures of agents not listed are not checked at all (their key directories are never
// fetched): their requests are judged by their user agent like unsigned ones. Anyone can
// publish a key directory, so a signature proves who sent a request, never that it is welcome.
import {
  signedAgentOf,
  type SignedAgentIdentity,
  type SignedAgentPurpose,
} from '@gatehouse/contracts';
import { isBotCategory, STORE_CRAWLER } from '@gatehouse/engine';

/** How a known agent's signatures are checked. */
export interface AgentRules {
  /** One signature is sent with every request until it expires: replays are its use. */
  reusable: boolean;
  /** The longest a signature of the agent may be valid (expires - created). */
  maxValiditySeconds: number;
}

const DAY = 24 * 3600;
/** Three months at their longest. */
export const STORE_CRAWLER_VALIDITY_SECONDS = 92 * DAY;

const FALLBACK: SignedAgentPurpose = 'ai-crawlers';

/** How the signatures of the agent at `host` are checked, or null for an agent not listed. */
export function agentRules(host: string): AgentRules | null {
  const agent = signedAgentOf(host);
  if (!agent) return null;
  return agent.purpose === STORE_CRAWLER
    ? { reusable: true, maxValiditySeconds: STORE_CRAWLER_VALIDITY_SECONDS }
    : { reusable: false, maxValiditySeconds: DAY };
}

/**
 * The category a verified agent is decided by (STORE_CRAWLER for the store's own crawler), or
 * null for an agent not listed. `known` tells which categories the engine has (its own list by
 * default).
 */
export function signedAgentCategory(
  host: string,
  known: (id: string) => boolean = isBotCategory,
  find: (host: string) => SignedAgentIdentity | null = signedAgentOf,
): string | null {
  const agent = find(host);
  if (!agent) return null;
  if (agent.purpose === STORE_CRAWLER) return STORE_CRAWLER;
  return known(agent.purpose) ? agent.purpose : FALLBACK;
}
