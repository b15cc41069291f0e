// The agents whose signed requests (Web Bot Auth) the firewall verifies, by the host of the
// origin their Signature-Agent names, with the name the merchant reads beside their requests
// and what they are for: crawlers that collect pages to train models (`ai-crawlers`),
// crawlers of AI search (`ai-search`), agents a person sends to fetch or act on a page for
// them (`ai-agents`), and a crawler or tool the store itself authorised with a signature made
// in Shopify's admin (STORE_CRAWLER). Only these agents' key directories are ever fetched.
import { STORE_CRAWLER } from '@gatehouse/engine/values';

export type SignedAgentPurpose = 'ai-crawlers' | 'ai-search' | 'ai-agents' | typeof STORE_CRAWLER;

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
  // Every signature a merchant makes in Shopify's admin (Online Store > Preferences > Crawler
  // access) names Shopify, which keeps the keys; each is good for one of the store's domains.
  {
    host: 'shopify.com',
    name: 'your crawler signed in Shopify',
    owner: 'your store',
    purpose: STORE_CRAWLER,
  },
];

const byHost = new Map(SIGNED_AGENTS.map((agent) => [agent.host, agent]));

/** The identity of a signed agent by its host, or null for one not listed. */
export function signedAgentOf(host: string): SignedAgentIdentity | null {
  return byHost.get(host.toLowerCase()) ?? null;
}

/** What the merchant reads beside a verified signed agent's request. */
export function signedAgentLabel(host: string): string {
  const agent = signedAgentOf(host);
  return agent ? `Verified: ${agent.name}` : `Verified signed agent: ${host}`;
}

/** What the Realtime Access Log says under its requests when one of them is a verified agent. */
export const SIGNED_AGENTS_NOTE =
  'Verified: the request carried a signature that checked out, from an AI agent or from a crawler you signed in Shopify. The firewall decides it by your Bot Blocker choice for its kind of agent (your own crawler passes the Bot Blocker), never by its country or network; your IP Blocker entries and URL rules still apply.';
