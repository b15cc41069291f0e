// A merchant's custom user-agent pattern: a piece of text found anywhere in the user agent, or
// a regular expression; both compare without regard to case. A regular expression runs on the
// linear-time engine (patterns/merchant-regex.ts), so no pattern can stall the server on a
// crafted user agent. A pattern that matches an ordinary browser is refused: it would block
// real shoppers.
import { compileMerchantRegex } from '../patterns/merchant-regex.js';
import { AGENT_PATTERNS } from '../patterns/regex-syntax.js';
import { MAX_BOT_PATTERN_LENGTH } from '../rules/bot-categories.js';
import { COMMON_BROWSERS } from './common-browsers.js';

export interface AgentPattern {
  /** The text, or the regular expression's source (no slashes, no flags). */
  value: string;
  /** True for a regular expression; a piece of text otherwise. */
  regex?: boolean;
}

/** Tests a visitor's user agent, given as sent and in lower case. */
export type AgentTest = (agent: string, lower: string) => boolean;

/** The pattern's test, or the merchant's message saying why it is refused. */
export function compileAgentPattern(
  pattern: AgentPattern,
): { test: AgentTest } | { problem: string } {
  const value = pattern.value.trim();
  if (value === '') return { problem: 'A user-agent pattern cannot be empty' };
  if (value.length > MAX_BOT_PATTERN_LENGTH) {
    return { problem: `A user-agent pattern can be at most ${MAX_BOT_PATTERN_LENGTH} characters` };
  }
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\x00-\x1f\x7f]/.test(value)) {
    return { problem: 'A user-agent pattern cannot contain control characters or line breaks' };
  }
  let test: AgentTest;
  if (pattern.regex === true) {
    const compiled = compileMerchantRegex(value, AGENT_PATTERNS);
    if ('problem' in compiled) return compiled;
    const regex = compiled.test;
    test = (agent) => regex(agent);
  } else {
    const needle = value.toLowerCase();
    test = (_agent, lower) => lower.includes(needle);
  }
  const browser = COMMON_BROWSERS.find((b) => test(b.agent, b.agent.toLowerCase()));
  if (browser !== undefined) {
    return {
      problem: `"${value}" also matches ordinary browsers (${browser.name}): it would block real shoppers`,
    };
  }
  return { test };
}
