// The agents of a listed Bot Blocker category with the store's visits by each in the last seven
// days, counted from the visitor log. A visit keeps the category its user agent fell in, so
// the count reads only the category's visits through the log's index of visits with a bot
// category (shop, category, time): the week's newest SEEN_SCAN_LIMIT of them at most, grouped
// by user agent in the database, and each distinct user agent is matched to the agents as the
// engine matches them. The answer says when the week held more than it read.
import { BOT_AGENTS_PAGE_SIZE, type BotAgentsPage, type BotAgentView } from '@gatehouse/contracts';
import { knownAgents, MAX_USER_AGENT_LENGTH, type BotCategory } from '@gatehouse/engine';
import { sql } from 'drizzle-orm';
import type { Database } from '../../core/db/client.js';

/** Most of a category's visits one count reads, newest first. */
export const SEEN_SCAN_LIMIT = 100_000;

/** Most distinct user agents one count matches; the busiest ones when there are more. */
export const SEEN_AGENT_LIMIT = 2_000;

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

interface SeenRow {
  user_agent: string;
  visits: number | string;
  scanned: number | string;
  distinct_agents: number | string;
}

/** Visits per distinct user agent of the category's week, and whether that was all of it. */
async function weekAgents(
  db: Database,
  shopId: string,
  category: BotCategory,
  now: number,
): Promise<{ agents: { userAgent: string; visits: number }[]; partial: boolean }> {
  const since = new Date(now - WEEK_MS).toISOString();
  const result: unknown = await db.execute(sql`
    with recent as (
      select user_agent from visits
      where shop_id = ${shopId} and bot_category = ${category} and time >= ${since}::timestamptz
      order by time desc
      limit ${SEEN_SCAN_LIMIT}
    ), grouped as (
      select user_agent, count(*) as visits from recent group by user_agent
    )
    select user_agent, visits,
      (select count(*) from recent) as scanned,
      (select count(*) from grouped) as distinct_agents
    from grouped
    order by visits desc
    limit ${SEEN_AGENT_LIMIT}`);
  const rows = (result as { rows: SeenRow[] }).rows;
  const first = rows[0];
  const partial =
    first !== undefined &&
    (Number(first.scanned) >= SEEN_SCAN_LIMIT || Number(first.distinct_agents) > rows.length);
  return {
    agents: rows.map((row) => ({ userAgent: row.user_agent, visits: Number(row.visits) })),
    partial,
  };
}

/** One page of the category's agents, those seen this week first. */
export async function botAgentsPage(
  db: Database,
  shopId: string,
  category: BotCategory,
  page: number,
  now = Date.now(),
): Promise<BotAgentsPage> {
  const listed = knownAgents().filter((agent) => agent.group === category);
  const week = await weekAgents(db, shopId, category, now);
  const seen = new Map<string, number>();
  for (const { userAgent, visits } of week.agents) {
    const sent = userAgent.slice(0, MAX_USER_AGENT_LENGTH);
    for (const agent of listed) {
      if (agent.test.test(sent)) seen.set(agent.name, (seen.get(agent.name) ?? 0) + visits);
    }
  }
  const views: BotAgentView[] = listed.map((agent) => ({
    name: agent.name,
    owner: agent.owner,
    reference: agent.reference,
    why: agent.why,
    source: agent.source,
    seenThisWeek: seen.get(agent.name) ?? 0,
  }));
  // Stable: agents seen equally often keep the list's order.
  views.sort((a, b) => b.seenThisWeek - a.seenThisWeek);
  const start = (page - 1) * BOT_AGENTS_PAGE_SIZE;
  return {
    category,
    agents: views.slice(start, start + BOT_AGENTS_PAGE_SIZE),
    total: views.length,
    page,
    pageSize: BOT_AGENTS_PAGE_SIZE,
    partial: week.partial,
  };
}
