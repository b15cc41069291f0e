// Bot Blocker (rule kind `bot-agent`): blocks visitors by their user agent, by category (AI
// crawlers, SEO tools, scripts, headless browsers, an empty agent, fake search-engine crawlers,
// other bots) or by the merchant's own patterns. A visit costs one lookup in the agent cache
// shared by every shop (bots/agent-categories.ts) or, when the shop has patterns, one lookup in
// this policy's own cache of its answers; the patterns themselves run only for an agent not
// seen lately. A visit without a user agent at all (not sent, as opposed to sent empty) matches
// nothing. Rules hit are tried in list order and the first that applies (in scope, enforced)
// decides.
import { z } from 'zod';
import { agentCategoryWord, wordBits, wordCrawler, wordGoodBot } from '../bots/agent-categories.js';
import { goodBots } from '../bots/known-agents.js';
import { compileAgentPattern, type AgentTest } from '../bots/agent-patterns.js';
import { COMPILED_PATTERN_BYTES } from '../patterns/merchant-regex.js';
import { RecentCache } from '../bots/recent-cache.js';
import { checkCrawler } from '../network/crawlers.js';
import type { CompiledRule, DecideContext, Matcher } from '../policy/policy.js';
import { blockingBase, ruleKind } from '../policy/rule-kind.js';
import {
  BOT_CATEGORIES,
  MAX_BOT_PATTERNS,
  MAX_USER_AGENT_LENGTH,
  STORE_CRAWLER,
  botCategoryBit,
  isBotCategory,
} from '../rules/bot-categories.js';
import { ruleApplies } from './rule-applies.js';

export interface BotAgentEntry {
  rule: CompiledRule;
  /** Bits (botCategoryBit) of the rule's categories. */
  categories: number;
  /** The rule's patterns, compiled. */
  patterns: AgentTest[];
  /** How many of them are regular expressions (each holds a compiled pattern). */
  expressions: number;
  /** The good bots (their numbers, 1 up) the rule blocks by name. */
  goodBots: ReadonlySet<number>;
}

const FAKE = botCategoryBit('fake-crawlers');
const OTHER = botCategoryBit('other-bots');
const NONE: readonly number[] = Object.freeze([]);

const clip = (agent: string) =>
  agent.length > MAX_USER_AGENT_LENGTH ? agent.slice(0, MAX_USER_AGENT_LENGTH) : agent;

/** Distinct agents a policy with patterns remembers its answer for. */
export const PATTERN_CACHE_SIZE = 1000;

/** What a policy with patterns remembers of an agent. */
interface AgentAnswer {
  /** The agent's categories (agentCategoryWord). */
  word: number;
  /** The rules (indexes, ascending) with a pattern matching the agent. */
  hits: readonly number[];
}

export function createBotAgentMatcher(entries: BotAgentEntry[]): Matcher {
  const rules = entries.map((e) => e.rule);
  const ruleBits = Int32Array.from(entries, (e) => e.categories);
  const used = entries.reduce((bits, e) => bits | e.categories, 0);
  const goodSets = entries.map((e) => e.goodBots);
  const namesGoodBots = goodSets.some((set) => set.size > 0);
  // The shared answer is needed for a category or for a good bot blocked by name.
  const classifies = used !== 0 || namesGoodBots;
  const others = (used & OTHER) !== 0;
  const tests = entries.flatMap((e, rule) => e.patterns.map((test) => ({ test, rule })));
  const expressions = entries.reduce((sum, e) => sum + e.expressions, 0);
  // A policy with patterns keeps its whole answer per agent, categories included, so a visit
  // costs it one lookup; one without asks the shared category cache only.
  const cache = tests.length > 0 ? new RecentCache<AgentAnswer>(PATTERN_CACHE_SIZE) : null;

  function answer(agent: string): AgentAnswer {
    let known = cache!.get(agent);
    if (known === undefined) {
      const lower = agent.toLowerCase();
      const found: number[] = [];
      for (const { test, rule } of tests) {
        if (found[found.length - 1] !== rule && test(agent, lower)) found.push(rule);
      }
      known = {
        word: classifies ? agentCategoryWord(agent, others) : 0,
        hits: found.length > 0 ? found : NONE,
      };
      cache!.set(agent, known);
    }
    return known;
  }

  /** The first rule, in list order, hit by a category bit or a pattern that applies. */
  function firstRule(
    bits: number,
    hits: readonly number[],
    context: DecideContext,
    good = 0,
  ): CompiledRule | null {
    if (bits === 0 && hits.length === 0 && good === 0) return null;
    let h = 0;
    for (let i = 0; i < rules.length; i++) {
      while (h < hits.length && hits[h]! < i) h++;
      const hit =
        (ruleBits[i]! & bits) !== 0 || hits[h] === i || (good !== 0 && goodSets[i]!.has(good));
      if (hit && ruleApplies(rules[i]!, context)) return rules[i]!;
    }
    return null;
  }

  /**
   * A verified signed agent is in its own category only, whatever its user agent claims, and
   * the merchant's own patterns still read its user agent; the store's own authorised crawler
   * passes every Bot Blocker rule.
   */
  function signedRule(category: string, context: DecideContext): CompiledRule | null {
    if (category === STORE_CRAWLER) return null;
    const sent = context.visit.userAgent;
    const hits = cache !== null && typeof sent === 'string' ? answer(clip(sent)).hits : NONE;
    const bits = isBotCategory(category) ? botCategoryBit(category) & used : 0;
    return firstRule(bits, hits, context);
  }

  return {
    evaluate(context: DecideContext): CompiledRule | null {
      if (rules.length === 0) return null;
      const signed = context.visit.signedAgent;
      if (signed !== undefined) return signedRule(signed, context);
      const sent = context.visit.userAgent;
      if (typeof sent !== 'string') return null;
      const agent = clip(sent);
      let word = 0;
      let hits = NONE;
      if (cache !== null) ({ word, hits } = answer(agent));
      else if (classifies) word = agentCategoryWord(agent, others);
      let bits = wordBits(word) & used;
      const crawler = (used & FAKE) !== 0 ? wordCrawler(word) : null;
      if (crawler !== null) {
        const dns = context.visit.crawlerDns;
        if (checkCrawler(crawler, context.facts, dns) === 'fake') bits |= FAKE;
      }
      return firstRule(bits, hits, context, namesGoodBots ? wordGoodBot(word) : 0);
    },
    // The rules' bits and compiled patterns, and the remembered answers, roughly.
    bytes: () =>
      rules.length * 8 +
      tests.length * 200 +
      expressions * COMPILED_PATTERN_BYTES +
      (cache?.size ?? 0) * 300,
  };
}

const botAgentRuleSchema = z.object({
  ...blockingBase,
  kind: z.literal('bot-agent'),
  /** Categories of user agents (BOT_CATEGORIES). */
  categories: z
    .array(z.string().max(100))
    .max(BOT_CATEGORIES.length * 2)
    .optional(),
  /**
   * The merchant's patterns: text found anywhere in the user agent, or a regular expression
   * (`regex`); both compare without regard to case (bots/agent-patterns.ts).
   */
  patterns: z
    .array(z.object({ value: z.string().max(1000), regex: z.boolean().optional() }))
    .max(10_000)
    .optional(),
  /** Good bots blocked one by one, by name (goodBots()). */
  goodBots: z.array(z.string().max(200)).max(500).optional(),
});

export const botAgentKind = ruleKind({
  schema: botAgentRuleSchema,
  decides: 'block',
  compile(rule, report) {
    let categories = 0;
    (rule.categories ?? []).forEach((category, i) => {
      if (isBotCategory(category)) categories |= botCategoryBit(category);
      else {
        report({
          code: 'invalidBotCategory',
          message: `"${category}" is not a bot category (use one of ${BOT_CATEGORIES.join(', ')})`,
          field: ['categories', i],
        });
      }
    });
    const patterns: AgentTest[] = [];
    let expressions = 0;
    (rule.patterns ?? []).forEach((pattern, i) => {
      const compiled = compileAgentPattern(pattern);
      if ('test' in compiled) {
        patterns.push(compiled.test);
        if (pattern.regex === true) expressions++;
      } else {
        // Left out, the pattern blocks nothing: the rule's other patterns still apply.
        report({
          code: 'invalidAgentPattern',
          message: compiled.problem,
          field: ['patterns', i, 'value'],
          skippable: true,
        });
      }
    });
    const numbers = new Set<number>();
    const good = goodBots();
    (rule.goodBots ?? []).forEach((name, i) => {
      const number = good.findIndex((bot) => bot.name === name) + 1;
      if (number > 0) numbers.add(number);
      else {
        // A bot the list no longer holds: the rule's other parts still apply.
        report({
          code: 'unknownGoodBot',
          message: `"${name}" is not a good bot the Bot Blocker knows`,
          field: ['goodBots', i],
          skippable: true,
        });
      }
    });
    return { categories, patterns, expressions, goodBots: numbers };
  },
  limit: {
    max: MAX_BOT_PATTERNS,
    count: (rule) => rule.patterns?.length ?? 0,
    code: 'tooManyAgentPatterns',
    message: `At most ${MAX_BOT_PATTERNS} custom user-agent patterns can be blocked`,
  },
  matcher: createBotAgentMatcher,
});
