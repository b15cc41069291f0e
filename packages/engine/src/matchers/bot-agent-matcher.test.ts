import { describe, expect, it } from 'vitest';
import { COMMON_BROWSERS } from '../bots/common-browsers.js';
import { UNKNOWN_FACTS, type GeoFacts } from '../geo/geo-facts.js';
import { compile } from '../policy/compile.js';
import { decide } from '../policy/decide.js';
import type { Policy, Visit } from '../policy/policy.js';
import type { Rule } from '../rules/rule-set.js';

function policyOf(...rules: Rule[]): Policy {
  const result = compile({ appEnabled: true, rules });
  if (!result.ok) throw new Error(result.errors[0]?.message);
  return result.policy;
}

const US: GeoFacts = { ...UNKNOWN_FACTS, country: 'US' };
const visit = (userAgent: string | undefined): Visit => ({
  ip: '198.51.100.1',
  url: '/',
  userAgent,
});
const CHROME = COMMON_BROWSERS[0]!.agent;

describe('the bot agent matcher', () => {
  it('tries its rules in list order, categories and patterns alike', () => {
    const policy = policyOf(
      { id: 'mine', kind: 'bot-agent', patterns: [{ value: 'curl' }] },
      { id: 'scripts', kind: 'bot-agent', categories: ['scripts'] },
    );
    expect(decide(policy, visit('curl/8.5.0'), US).rule?.id).toBe('mine');
    expect(decide(policy, visit('Wget/1.21'), US).rule?.id).toBe('scripts');
  });

  it('decides a verified signed agent by its own category, not by its user agent', () => {
    const policy = policyOf(
      { id: 'scripts', kind: 'bot-agent', categories: ['scripts'] },
      { id: 'ai', kind: 'bot-agent', categories: ['ai-crawlers'] },
      { id: 'mine', kind: 'bot-agent', patterns: [{ value: 'acme' }] },
    );
    const signed = (userAgent: string, signedAgent: string): Visit => ({
      ...visit(userAgent),
      signedAgent,
    });
    // A browser's user agent is blocked by the agent's category; a script's is not blocked by
    // the scripts category when the agent's own category is not on.
    expect(decide(policy, signed(CHROME, 'ai-crawlers'), US).rule?.id).toBe('ai');
    expect(decide(policy, signed('curl/8.5.0', 'seo-tools'), US)).toMatchObject({
      action: 'allow',
      rule: null,
    });
    // A category the engine does not know blocks nothing; the merchant's patterns still apply.
    expect(decide(policy, signed('curl/8.5.0', 'no-such-category'), US).action).toBe('allow');
    expect(decide(policy, signed('acme/1.0', 'seo-tools'), US).rule?.id).toBe('mine');
  });

  it('matches nothing when no user agent was given, even with the empty-agent category on', () => {
    const policy = policyOf({ id: 'empty', kind: 'bot-agent', categories: ['empty-agent'] });
    expect(decide(policy, visit(undefined), US)).toMatchObject({ action: 'allow', rule: null });
    expect(decide(policy, visit(''), US).rule?.id).toBe('empty');
  });

  it('reads the first 1 024 characters of a user agent', () => {
    const policy = policyOf({ id: 'tail', kind: 'bot-agent', patterns: [{ value: 'tailbot' }] });
    expect(decide(policy, visit(`${'x'.repeat(1000)}tailbot`), US).rule?.id).toBe('tail');
    expect(decide(policy, visit(`${'x'.repeat(1020)}tailbot`), US).action).toBe('allow');
  });

  it('gives the same answers from its caches as the first time', () => {
    const policy = policyOf(
      { id: 'scripts', kind: 'bot-agent', categories: ['scripts'] },
      { id: 'mine', kind: 'bot-agent', patterns: [{ value: 'acme', regex: true }] },
    );
    for (let round = 0; round < 3; round++) {
      expect(decide(policy, visit('python-requests/2.0'), US).rule?.id).toBe('scripts');
      expect(decide(policy, visit('AcmeBot/1'), US).rule?.id).toBe('mine');
      expect(decide(policy, visit(CHROME), US).rule).toBeNull();
    }
  });

  it('knows other bots for a shop that asks, after a shop that did not ask saw the agent', () => {
    const monitor = visit(
      'Mozilla/5.0 (compatible; UptimeRobot/2.0; http://www.uptimerobot.com/) first',
    );
    const scripts = policyOf({ id: 'scripts', kind: 'bot-agent', categories: ['scripts'] });
    const others = policyOf({ id: 'other', kind: 'bot-agent', categories: ['other-bots'] });
    expect(decide(scripts, monitor, US).rule).toBeNull();
    expect(decide(others, monitor, US).rule?.id).toBe('other');
    expect(decide(scripts, monitor, US).rule).toBeNull();
  });

  it("keeps each policy's patterns to itself", () => {
    const a = policyOf({ id: 'a', kind: 'bot-agent', patterns: [{ value: 'alpha' }] });
    const b = policyOf({ id: 'b', kind: 'bot-agent', patterns: [{ value: 'beta' }] });
    expect(decide(a, visit('alpha beta'), US).rule?.id).toBe('a');
    expect(decide(b, visit('alpha beta'), US).rule?.id).toBe('b');
    expect(decide(b, visit('alpha'), US).rule).toBeNull();
  });

  it('does not call a crawler fake when its network cannot be checked', () => {
    const policy = policyOf({ id: 'fake', kind: 'bot-agent', categories: ['fake-crawlers'] });
    const googlebot = visit('Mozilla/5.0 (compatible; Googlebot/2.1)');
    expect(decide(policy, googlebot, US).action).toBe('allow');
    expect(decide(policy, googlebot, { ...US, crawlersKnown: 1 }).rule?.id).toBe('fake');
  });

  it('applies a scoped rule on its pages only', () => {
    const policy = policyOf({
      id: 'cart',
      kind: 'bot-agent',
      categories: ['scripts'],
      scope: { type: 'urls', patterns: ['/cart'] },
    });
    const at = (url: string) => decide(policy, { ...visit('curl/8'), url }, US).action;
    expect(at('/cart')).toBe('block');
    expect(at('/products/hat')).toBe('allow');
  });
});

describe('compiling bot agent rules', () => {
  it('refuses an unknown category and a bad pattern, at their fields', () => {
    const result = compile({
      appEnabled: true,
      rules: [
        {
          id: 'r',
          kind: 'bot-agent',
          categories: ['robots'],
          patterns: [{ value: 'ok' }, { value: '(a+)+', regex: true }],
        },
      ],
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.map((e) => [e.code, e.path])).toEqual([
      ['invalidBotCategory', ['rules', 0, 'categories', 0]],
      ['invalidAgentPattern', ['rules', 0, 'patterns', 1, 'value']],
    ]);
    expect(result.errors[0]!.message).toContain('"robots" is not a bot category');
  });

  it('holds at most 200 patterns over the rule set', () => {
    const rules = (n: number): Rule[] =>
      Array.from({ length: n }, (_, i) => ({
        id: `p${i}`,
        kind: 'bot-agent' as const,
        patterns: [{ value: `bot-${i}` }],
      }));
    expect(compile({ appEnabled: true, rules: rules(200) }).ok).toBe(true);
    const over = compile({ appEnabled: true, rules: rules(201) });
    expect(over.ok ? null : over.errors[0]).toMatchObject({
      code: 'tooManyAgentPatterns',
      message: 'At most 200 custom user-agent patterns can be blocked',
    });
  });
});
