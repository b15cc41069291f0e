// What a visit keeps about the visitor's network and agent, read from the decision as it is
// recorded: the engine's network bits with the crawler verdict above them (CRAWLER_BITS), and
// the Bot Blocker category the user agent falls in. A claimed crawler from outside its
// engine's network is a fake crawler whatever else its agent says; otherwise the first
// category in the Bot Blocker's order, or none.
import { CRAWLER_BITS, unlistedBits } from '@gatehouse/contracts';
import { agentCategories, BOT_CATEGORIES, botCategoryBit, type Decision } from '@gatehouse/engine';

/** The bits of the engine's network kinds (hosting, vpn, proxy, tor, privateRelay). */
const NETWORK_MASK = 31;

const CATEGORY_BITS = BOT_CATEGORIES.map(
  (category) => [botCategoryBit(category), category] as const,
);

/** The stored bits of the engine's network kinds. */
export const networkFlags = (network: number) => network & NETWORK_MASK;

/** The stored bit set of a decision: network kinds, crawler verdict, switches without list. */
export function visitNetFlags(decision: Decision): number {
  const crawler = decision.crawler?.check;
  return (
    networkFlags(decision.facts.network) |
    (crawler === 'verified' ? CRAWLER_BITS.verified : 0) |
    (crawler === 'fake' ? CRAWLER_BITS.fake : 0) |
    unlistedBits(decision.unlisted ?? 0)
  );
}

/** The Bot Blocker category a visit records for its user agent, or null. */
export function visitBotCategory(decision: Decision, userAgent: string): string | null {
  return decision.crawler?.check === 'fake' ? 'fake-crawlers' : agentBotCategory(userAgent);
}

/** The first Bot Blocker category the user agent falls in by its string alone, or null. */
export function agentBotCategory(userAgent: string): string | null {
  const { bits } = agentCategories(userAgent);
  if (bits === 0) return null;
  for (const [bit, category] of CATEGORY_BITS) if ((bits & bit) !== 0) return category;
  return null;
}
