// A merchant's custom user-agent pattern: a piece of text found anywhere in the user agent, or
// a regular expression; both compare without regard to case. A regular expression is checked
// before it is accepted, because one that backtracks catastrophically would stall every
// decision of the server on a crafted user agent: safe-regex2 (maintained by the Fastify team)
// refuses nested repetition like (a+)+ and more than 25 repeated parts; it runs in well under a
// millisecond, so compile() can run it every time a shop's policy is built. It does not see a
// choice of alternatives inside a repeated part, like (a|ab)*, which is exponential too; that
// is refused here, on the same parser's reading of the expression. A pattern that matches an
// ordinary browser is refused as well: it would block real shoppers.
import { createRequire } from 'node:module';
import type { Tokens, tokenizer, types } from 'ret';
import safeRegex from 'safe-regex2';
import { MAX_BOT_PATTERN_LENGTH } from '../rules/bot-categories.js';
import { COMMON_BROWSERS } from './common-browsers.js';

const require = createRequire(import.meta.url);
// ret's CommonJS export is its tokenizer with `types` on it, read the same way by Node and by
// bundlers through require().
const ret = require('ret') as typeof tokenizer & { types: typeof types };

export interface AgentPattern {
  /** The text, or the regular expression's source (no slashes, no flags). */
  value: string;
  /** True for a regular expression; a piece of text otherwise. */
  regex?: boolean;
}

/** Tests a visitor's user agent, given as sent and in lower case. */
export type AgentTest = (agent: string, lower: string) => boolean;

/** True when a choice of alternatives sits inside a part repeated more than once. */
function repeatsAChoice(token: Tokens | undefined, repeated: boolean): boolean {
  if (token === undefined) return false;
  if (token.type === ret.types.REPETITION) {
    return repeatsAChoice(token.value, repeated || token.max > 1);
  }
  if (token.type !== ret.types.ROOT && token.type !== ret.types.GROUP) return false;
  if (token.options !== undefined) {
    if (repeated && token.options.length > 1) return true;
    return token.options.some((stack) => stack.some((t) => repeatsAChoice(t, repeated)));
  }
  return (token.stack ?? []).some((t) => repeatsAChoice(t, repeated));
}

/** What a refused expression would have stalled, in its messages. */
export interface RegexSubject {
  /** "user agents", "URLs" */
  inputs: string;
  /** "user-agent patterns", "URL patterns" */
  patterns: string;
}

const AGENTS: RegexSubject = { inputs: 'user agents', patterns: 'user-agent patterns' };

/**
 * Why a regular expression is refused, or null when it is accepted: it must parse, use no
 * lookbehind, and not be able to backtrack catastrophically (see the top of this file).
 */
export function regexProblem(source: string, subject: RegexSubject = AGENTS): string | null {
  try {
    new RegExp(source, 'i');
  } catch (error) {
    const why = (error as Error).message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /, '');
    return `"${source}" is not a valid regular expression (${why})`;
  }
  if (/\(\?<[=!]/.test(source)) {
    return `"${source}": lookbehind, (?<= or (?<!, is not supported in ${subject.patterns}`;
  }
  let tree: Tokens;
  try {
    tree = ret(source);
  } catch {
    return `"${source}" cannot be checked for safety; write it with plain text, character classes and repetition`;
  }
  if (!safeRegex(source)) {
    return `"${source}" could backtrack catastrophically and stall your store on some ${subject.inputs}: it repeats something already repeated, like (a+)+, or has more than 25 repeated parts. Write it without the nested repetition, like a+`;
  }
  if (repeatsAChoice(tree, false)) {
    return `"${source}" could backtrack catastrophically and stall your store on some ${subject.inputs}: it repeats a choice of alternatives, like (a|ab)*. Use a character class, like [ab]+, or list the alternatives without repeating them`;
  }
  return null;
}

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
    const problem = regexProblem(value);
    if (problem !== null) return { problem };
    const regex = new RegExp(value, 'i');
    test = (agent) => regex.test(agent);
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
