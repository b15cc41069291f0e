// Merchant patterns shaped to stall a backtracking engine, saved where a merchant saves them (a
// custom user-agent pattern, a URL Blocker expression and glob, an auto-cancel "matches"
// condition) and matched against a long hostile input through the engine's public calls:
// every answer comes within a bound a loaded machine meets, where a backtracking engine takes
// seconds on 18 to 35 characters and would not finish on 10 000.
import { CATASTROPHIC_PATTERNS } from '@gatehouse/test-support/hostile-patterns';
import { describe, expect, it } from 'vitest';
import { compileAgentPattern } from '../bots/agent-patterns.js';
import { UNKNOWN_FACTS } from '../geo/geo-facts.js';
import { compileMatch } from '../orders/compile-filters.js';
import { evaluateMatch } from '../orders/evaluate-filters.js';
import { compile } from '../policy/compile.js';
import { decide } from '../policy/decide.js';
import type { Policy, Visit } from '../policy/policy.js';

/** The most one match of a 10 000-character input may take. */
const BOUND_MS = 200;
const LONG = 10_000;
const SHAPES = ['a*a*a*a*a*a*a*a*a*a*a*a*!', ...CATASTROPHIC_PATTERNS.slice(1)];

function policyOf(rules: unknown[]): Policy {
  const result = compile({ appEnabled: true, rules });
  if (!result.ok) throw new Error(result.errors.map((e) => e.message).join('; '));
  return result.policy;
}

function timed<T>(run: () => T): { value: T; ms: number } {
  const started = performance.now();
  const value = run();
  return { value, ms: performance.now() - started };
}

const decideTimed = (policy: Policy, visit: Visit) =>
  timed(() => decide(policy, visit, UNKNOWN_FACTS).action);

describe('merchant patterns run in time linear in their input', () => {
  it.each(SHAPES)('a user-agent pattern %s answers a long agent in bounded time', (value) => {
    const policy = policyOf([{ id: 'bot', kind: 'bot-agent', patterns: [{ value, regex: true }] }]);
    const miss = decideTimed(policy, { ip: '', url: '/', userAgent: 'a'.repeat(LONG) });
    expect(miss.value).toBe('allow');
    expect(miss.ms).toBeLessThan(BOUND_MS);
    // decide() reads the first 1 024 characters of an agent: the hit ends before that.
    const hit = decideTimed(policy, { ip: '', url: '/', userAgent: `${'a'.repeat(1000)}!` });
    expect(hit.value).toBe('block');
    expect(hit.ms).toBeLessThan(BOUND_MS);
    const compiled = compileAgentPattern({ value, regex: true });
    if (!('test' in compiled)) throw new Error(compiled.problem);
    const whole = timed(() => compiled.test('a'.repeat(LONG), 'a'.repeat(LONG)));
    expect(whole.value).toBe(false);
    expect(whole.ms).toBeLessThan(BOUND_MS);
  });

  it.each(SHAPES)('a URL expression %s answers a long path in bounded time', (pattern) => {
    const policy = policyOf([{ id: 'url', kind: 'url', match: 'regex', pattern }]);
    const miss = decideTimed(policy, { ip: '', url: `/${'a'.repeat(LONG)}` });
    expect(miss.value).toBe('allow');
    expect(miss.ms).toBeLessThan(BOUND_MS);
    const hit = decideTimed(policy, { ip: '', url: `/${'a'.repeat(LONG)}!` });
    expect(hit.value).toBe('block');
    expect(hit.ms).toBeLessThan(BOUND_MS);
  });

  it('a URL glob of twenty stars answers a long path in bounded time', () => {
    const pattern = `/${'*'.repeat(20)}x`;
    const policy = policyOf([{ id: 'glob', kind: 'url', match: 'glob', pattern }]);
    const miss = decideTimed(policy, { ip: '', url: `/${'a'.repeat(LONG)}` });
    expect(miss.value).toBe('allow');
    expect(miss.ms).toBeLessThan(BOUND_MS);
    const hit = decideTimed(policy, { ip: '', url: `/${'a/'.repeat(LONG / 2)}x` });
    expect(hit.value).toBe('block');
    expect(hit.ms).toBeLessThan(BOUND_MS);
  });

  it.each(SHAPES)('an auto-cancel condition %s answers a long email in bounded time', (value) => {
    const result = compileMatch({
      any: false,
      groups: [{ any: false, conditions: [{ field: 'email', operator: 'matches', value }] }],
    });
    if (!result.ok) throw new Error(result.problems.join('; '));
    const miss = timed(() => evaluateMatch(result.match, { email: 'a'.repeat(LONG) }).matched);
    expect(miss.value).toBe(false);
    expect(miss.ms).toBeLessThan(BOUND_MS);
    const hit = timed(() => evaluateMatch(result.match, { email: `${'a'.repeat(LONG)}!` }).matched);
    expect(hit.value).toBe(true);
    expect(hit.ms).toBeLessThan(BOUND_MS);
  });
});
