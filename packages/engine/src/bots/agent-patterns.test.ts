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
    ['(a+)+$', 'repeats something already repeated'],
    ['(\\w+\\s?)+$', 'repeats something already repeated'],
    ['^(([a-z])+.)+[A-Z]([a-z])+$', 'repeats something already repeated'],
    ['(x+x+)+y', 'repeats something already repeated'],
    ['(a|a)*b', 'repeats a choice of alternatives'],
    ['(ab|a)*c', 'repeats a choice of alternatives'],
    ['(x(a|b)y){2,}', 'repeats a choice of alternatives'],
  ])('refuse %s, which could backtrack catastrophically', (value, why) => {
    const message = problem({ value, regex: true });
    expect(message).toContain(`"${value}" could backtrack catastrophically`);
    expect(message).toContain(why);
  });

  it('accept a choice that is not repeated, and repetition that is not nested', () => {
    expect(tester({ value: '(foo|bar)?bot/\\d+\\.\\d+', regex: true })('foobot/1.2')).toBe(true);
    expect(tester({ value: 'crawler[0-9a-z]{2,8}$', regex: true })('crawlerab12')).toBe(true);
  });

  it('say lookbehind is not supported', () => {
    expect(problem({ value: '(?<=x)bot', regex: true })).toContain('lookbehind');
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
