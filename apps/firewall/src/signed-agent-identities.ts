// Which signed agents the firewall knows, by the host of their Signature-Agent, and the Bot
// Blocker category their purpose puts them in: crawlers that collect pages to train models
// (`ai-crawlers`), crawlers of AI search (`ai-search`), and agents a person sends to fetch or
// act on a page for them (`ai-agents`). The merchant's choice for that category decides them,
// whatever country or network they come from; only the IP lists and URL rules the merchant
// wrote apply to them besides (the engine's rule for verified signed agents).
// A purpose whose category the engine does not have yet falls in `ai-crawlers`, the category
// that held every AI agent before they were split by purpose. The signatures of agents not
// listed here are not checked at all (their key directories are never fetched): their requests
// are judged by their user agent like unsigned ones. Anyone can publish a key directory, so a
// signature proves who sent a request, never that it is welcome.
import { isBotCategory } from '@gatehouse/engine';

export type SignedAgentPurpose = 'ai-crawlers' | 'ai-search' | 'ai-agents';

export interface SignedAgentIdentity {
  /** The Signature-Agent's host. */
  host: string;
  name: string;
  owner: string;
  purpose: SignedAgentPurpose;
}

export const SIGNED_AGENTS: readonly SignedAgentIdentity[] = [
  // Signs every request of ChatGPT's agent mode, which browses for the person who asked.
  { host: 'chatgpt.com', name: 'ChatGPT agent', owner: 'OpenAI', purpose: 'ai-agents' },
];

const FALLBACK: SignedAgentPurpose = 'ai-crawlers';
const byHost = new Map(SIGNED_AGENTS.map((agent) => [agent.host, agent]));

/**
 * The Bot Blocker category a verified agent is decided by, or null for an agent not listed.
 * `known` tells which categories the engine has (its own list by default).
 */
export function signedAgentCategory(
  host: string,
  known: (id: string) => boolean = isBotCategory,
  table: ReadonlyMap<string, SignedAgentIdentity> = byHost,
): string | null {
  const agent = table.get(host.toLowerCase());
  if (!agent) return null;
  return known(agent.purpose) ? agent.purpose : FALLBACK;
}
