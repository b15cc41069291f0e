import { describe, expect, it } from 'vitest';
import { compileAgentPattern, type AgentPattern } from './agent-patterns.js';

function tester(pattern: AgentPattern) {
  const compiled = compileAgentPattern(pattern);
  if (!('test' in compiled)) throw new Error(compiled.problem);
  return (agent: string) => compiled.test(agent, agent.toLowerCase());
}

function problem(pattern: AgentPattern): string {
  const compiled = compileAgentPattern(pattern);
  if ('test' in compiled) throw new Error(`"${pattern.value}" was accepted`);
  return compiled.problem;
}

describe('custom user-agent patterns', () => {
  it('match text anywhere in the agent, without regard to case', () => {
    const test = tester({ value: 'MyScraper' });
    expect(test('Mozilla/5.0 (compatible; myscraper/1.0)')).toBe(true);
    expect(test('MYSCRAPER')).toBe(true);
    expect(test('My Scraper')).toBe(false);
  });

  it('take text literally: regular-expression characters are plain text', () => {
    const test = tester({ value: 'bot.v2 (x)' });
    expect(test('some bot.v2 (x) agent')).toBe(true);
    expect(test('some botXv2 (x) agent')).toBe(false);
  });

  it('run a regular expression without regard to case', () => {
    const test = tester({ value: '^acme-(crawler|fetcher)/\\d+', regex: true });
    expect(test('ACME-Fetcher/12 (+https://acme.example)')).toBe(true);
    expect(test('x acme-crawler/1')).toBe(false);
  });

  it('refuse what is not a regular expression, saying why', () => {
    expect(problem({ value: 'bot(', regex: true })).toBe(
      '"bot(" is not a valid regular expression (Unterminated group)',
    );
  });

  it.each([
    ['(a+)+$', 'xaaaa', true],
    ['^(\\w+\\s?)+$', 'abc def', true],
    ['(x+x+)+y', 'xxxxy', true],
    ['^(a|ab)*c', 'ababc', true],
    ['(x(a|b)y){2,}', 'xayxby', true],
    ['a*a*a*a*a*a*a*a*a*a*a*a*!', 'aaaa!', true],
    ['a*a*a*a*a*a*a*a*a*a*a*a*!', 'aaaa', false],
  ])('run %s, which would backtrack on a backtracking engine, as written', (value, agent, hit) => {
    expect(tester({ value, regex: true })(agent)).toBe(hit);
  });

  it('accept a choice that is not repeated, and repetition that is not nested', () => {
    expect(tester({ value: '(foo|bar)?bot/\\d+\\.\\d+', regex: true })('foobot/1.2')).toBe(true);
    expect(tester({ value: 'crawler[0-9a-z]{2,8}$', regex: true })('crawlerab12')).toBe(true);
  });

  it.each([
    ['(?<=x)bot', 'lookbehind, (?<= or (?<!,'],
    ['bot(?!x)', 'lookahead, (?= or (?!,'],
    ['(bot)-\\1', 'a backreference, like \\1 or \\k<name>,'],
  ])('say %s is not supported, naming what', (value, what) => {
    expect(problem({ value, regex: true })).toBe(
      `"${value}": ${what} is not supported in user-agent patterns`,
    );
  });

  it.each([
    [{ value: 'Mozilla' }, 'Chrome on Windows'],
    [{ value: 'safari' }, 'Chrome on Windows'],
    [{ value: 'iPhone' }, 'Safari on an iPhone'],
    [{ value: '.*', regex: true }, 'Chrome on Windows'],
    [{ value: 'firefox/\\d+', regex: true }, 'Firefox on Windows'],
  ])('refuse a pattern that matches ordinary browsers (%#)', (pattern, browser) => {
    expect(problem(pattern)).toBe(
      `"${pattern.value}" also matches ordinary browsers (${browser}): it would block real shoppers`,
    );
  });

  it('refuse empty, overlong and control-character patterns', () => {
    expect(problem({ value: '  ' })).toBe('A user-agent pattern cannot be empty');
    expect(problem({ value: 'x'.repeat(201) })).toBe(
      'A user-agent pattern can be at most 200 characters',
    );
    expect(problem({ value: 'bot\nx' })).toContain('control characters');
  });

  it('trim the text before matching', () => {
    expect(tester({ value: '  acmebot  ' })('AcmeBot/1.0')).toBe(true);
  });
});
