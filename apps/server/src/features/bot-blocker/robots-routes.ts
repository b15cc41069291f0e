// The Bot Blocker's robots.txt check (/botBlocker/robotsTxt): the AI crawlers the merchant
// blocks in a category whose crawlers obey robots.txt, each with what the store's live
// robots.txt lets it read, and the template lines that keep the rest out. The crawlers come
// from the engine's agent table, by category. A store that cannot be reached is an answer
// (its state and what to do), never an error.
import { api, type RobotsTxtView } from '@gatehouse/contracts';
import { botAgents, isBotCategory } from '@gatehouse/engine';
import type { FastifyInstance } from 'fastify';
import { route } from '../../core/http/route.js';
import { shopById } from '../../protection/blocker-registry.js';
import { loadBotState } from './bot-rules.js';
import { robotsAdvice, type RobotsCrawler } from './robots-advice.js';
import { createRobotsReader } from './robots-fetch.js';

/** The categories made of crawlers that read robots.txt before they crawl. */
const OBEYS_ROBOTS_TXT: readonly string[] = ['ai-crawlers', 'ai-search'];

/** A name a robots.txt group can hold. */
const ROBOTS_TOKEN = /^[A-Za-z0-9._-]+$/;

function crawlersOf(blocked: ReadonlySet<string>): RobotsCrawler[] {
  const seen = new Set<string>();
  const crawlers: RobotsCrawler[] = [];
  for (const row of botAgents()) {
    const key = row.agent.toLowerCase();
    const category = row.category;
    if (!isBotCategory(category) || !blocked.has(category)) continue;
    if (!ROBOTS_TOKEN.test(row.agent) || seen.has(key)) continue;
    seen.add(key);
    crawlers.push({ agent: row.agent, owner: row.owner, category });
  }
  return crawlers;
}

export async function robotsRoutes(app: FastifyInstance): Promise<void> {
  const reader = createRobotsReader(app.log);

  route(app, api.getRobotsTxt, async (input, { session }): Promise<RobotsTxtView> => {
    const shop = await shopById(app.db, session.shopId);
    const state = await loadBotState(app.db, shop);
    const blocked = new Set(
      state.rows
        .filter((row) => row.mode === 'block' && row.category !== null)
        .map((row) => row.category!)
        .filter((category) => OBEYS_ROBOTS_TXT.includes(category)),
    );
    const crawlers = crawlersOf(blocked);
    const origin = `https://${shop.domain}`;
    const read = await reader.read(
      shop.id,
      app.platform.platformUrl(shop.domain, '/robots.txt'),
      input.fresh === 'true',
    );
    const advice = robotsAdvice(origin, read.state === 'read' ? read.text : null, crawlers);
    return {
      url: `${origin}/robots.txt`,
      state: read.state,
      problem: read.state === 'read' ? null : read.problem,
      checkedAt: read.checkedAt.toISOString(),
      ...advice,
    };
  });
}
