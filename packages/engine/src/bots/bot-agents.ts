// The table of listed bot user agents (`data/bot-agents.csv`): for each of the Bot Blocker's
// listed categories, the agents it is made of, who makes each one and why it is there. Read
// once, the first time a rule needs it; a malformed row stops the load with its line number,
// because a silently skipped row would quietly change what merchants block.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { GOOD_BOTS, LISTED_BOT_CATEGORIES, type BotCategory } from '../rules/bot-categories.js';

/** A listed category, or the good bots, which are in none. */
export type BotAgentGroup = BotCategory | typeof GOOD_BOTS;

export interface BotAgentRow {
  category: BotAgentGroup;
  /** `contains`: anywhere in the user agent; `is`: the whole user agent. Case-insensitive. */
  match: 'contains' | 'is';
  /** The agent's name as it appears in its user agent. */
  agent: string;
  owner: string;
  why: string;
}

export const BOT_AGENTS_FILE = fileURLToPath(new URL('../../data/bot-agents.csv', import.meta.url));

const HEADER = 'category,match,agent,owner,why';

/**
 * Parses the table. Lines starting with `#` are comments; the last field may hold commas (the
 * reason is free text), the others may not. Throws on a bad row, naming its line.
 */
export function parseBotAgents(text: string): BotAgentRow[] {
  const lines = text.split(/\r?\n/);
  if (lines[0]?.trim() !== HEADER) throw new Error(`bot agents: line 1 must be "${HEADER}"`);
  const rows: BotAgentRow[] = [];
  const seen = new Set<string>();
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '' || line.startsWith('#')) continue;
    const fail = (why: string): never => {
      throw new Error(`bot agents: line ${i + 1}: ${why}`);
    };
    const parts = line.split(',');
    if (parts.length < 5) fail(`expected ${HEADER}`);
    const [category, match, agent, owner] = parts.map((p) => p.trim()) as [
      string,
      string,
      string,
      string,
    ];
    const why = parts.slice(4).join(',').trim();
    const groups: readonly string[] = [...LISTED_BOT_CATEGORIES, GOOD_BOTS];
    if (!groups.includes(category)) fail(`"${category}" is not one of ${groups.join(', ')}`);
    if (match !== 'contains' && match !== 'is') fail(`"${match}" is not contains or is`);
    if (agent.length < 3 || /[^\x20-\x7e]/.test(agent)) {
      fail(`"${agent}" must be at least 3 printable ASCII characters`);
    }
    const key = agent.toLowerCase();
    if (seen.has(key)) fail(`${agent} is listed twice`);
    seen.add(key);
    if (owner === '' || why === '') fail('owner and why are required');
    rows.push({
      category: category as BotAgentGroup,
      match: match as BotAgentRow['match'],
      agent,
      owner,
      why,
    });
  }
  return rows;
}

let loaded: readonly BotAgentRow[] | null = null;

/** The shipped table, read on first use. */
export function botAgents(): readonly BotAgentRow[] {
  loaded ??= Object.freeze(parseBotAgents(readFileSync(BOT_AGENTS_FILE, 'utf8')));
  return loaded;
}
