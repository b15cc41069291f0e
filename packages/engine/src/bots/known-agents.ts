// Every agent the Bot Blocker knows by name: the rows of its own table (data/bot-agents.csv)
// and, from the crawler-user-agents package, the agents it tags as AI crawlers or link-preview
// fetchers that the table does not already hold (one of the package's sample user agents
// matching a row of the table counts as held). An AI agent from the package is an AI search
// crawler when the package also tags it a search engine, and a training crawler otherwise: the
// table says the purpose of the agents it names, which wins. Link-preview fetchers are good
// bots. Read once, on first use.
import { createRequire } from 'node:module';
import { GOOD_BOTS } from '../rules/bot-categories.js';
import { botAgents, type BotAgentGroup, type BotAgentRow } from './bot-agents.js';

export interface KnownAgent {
  /** The agent's name as the merchant reads it. */
  name: string;
  /** Who runs it, as the table names it; empty for an agent the table does not hold. */
  owner: string;
  /**
   * The host of the page the package points to for the agent (its project's site, or a page
   * about it), which is not always its operator; empty for the table's agents.
   */
  reference: string;
  /** What it does, in a sentence. */
  why: string;
  group: BotAgentGroup;
  /** Where it is listed. */
  source: 'table' | 'crawler-user-agents';
  /** How it is recognised: a case-insensitive name or a case-sensitive expression. */
  test: RegExp;
}

/** An entry of the crawler-user-agents package. */
interface PackageEntry {
  pattern: string;
  url?: string;
  instances?: string[];
  description?: string;
  tags?: string[];
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

function tableTest(row: BotAgentRow): RegExp {
  return row.match === 'is'
    ? new RegExp(`^\\s*${escape(row.agent)}\\s*$`, 'i')
    : new RegExp(escape(row.agent), 'i');
}

/** The pattern as a name: its escapes dropped, its wildcards and a trailing slash too. */
function readableName(pattern: string): string {
  return pattern
    .replace(/\[\\s\\S\]\*/g, ' … ')
    .replace(/\\(.)/g, '$1')
    .replace(/\/$/, '')
    .trim();
}

function hostOf(url: string | undefined): string {
  if (!url) return '';
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

function packageGroup(tags: readonly string[]): BotAgentGroup | null {
  if (tags.includes('ai-crawler')) {
    return tags.includes('search-engine') ? 'ai-search' : 'ai-crawlers';
  }
  return tags.includes('social-preview') ? GOOD_BOTS : null;
}

function packageWhy(group: BotAgentGroup, entry: PackageEntry): string {
  const said = entry.description?.trim();
  if (said) return said;
  if (group === GOOD_BOTS) return 'fetches pages for the previews of shared links';
  return group === 'ai-search'
    ? 'an AI crawler that also indexes pages for search'
    : 'an AI crawler, listed as such by the crawler-user-agents project';
}

/** The agents, table rows first, given the package's entries (the shipped ones by default). */
export function buildKnownAgents(
  rows: readonly BotAgentRow[],
  entries: readonly PackageEntry[],
): KnownAgent[] {
  const table: KnownAgent[] = rows.map((row) => ({
    name: row.agent,
    owner: row.owner,
    reference: '',
    why: row.why,
    group: row.category,
    source: 'table',
    test: tableTest(row),
  }));
  const held = (sample: string) => table.some((agent) => agent.test.test(sample));
  const added: KnownAgent[] = [];
  for (const entry of entries) {
    const group = packageGroup(entry.tags ?? []);
    if (group === null) continue;
    const samples = entry.instances ?? [];
    if (samples.some(held)) continue;
    let test: RegExp;
    try {
      test = new RegExp(entry.pattern);
    } catch {
      continue;
    }
    // A pattern that does not match its own samples is not one to trust.
    if (samples.length > 0 && !samples.some((sample) => test.test(sample))) continue;
    const name = readableName(entry.pattern);
    if (name.length < 3 || table.some((agent) => agent.name.toLowerCase() === name.toLowerCase()))
      continue;
    added.push({
      name,
      owner: '',
      reference: hostOf(entry.url),
      why: packageWhy(group, entry),
      group,
      source: 'crawler-user-agents',
      test,
    });
  }
  return [...table, ...added];
}

let known: readonly KnownAgent[] | null = null;

/** The shipped agents. */
export function knownAgents(): readonly KnownAgent[] {
  known ??= Object.freeze(
    buildKnownAgents(
      botAgents(),
      createRequire(import.meta.url)('crawler-user-agents') as PackageEntry[],
    ),
  );
  return known;
}

/** The good bots, in the order their numbers (goodBotNumber) count. */
export function goodBots(): readonly KnownAgent[] {
  return knownAgents().filter((agent) => agent.group === GOOD_BOTS);
}
