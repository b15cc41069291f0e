// A rule set already stored that holds an entry a stricter check now refuses (a pattern saved
// when lookahead was accepted): a save of it is refused, naming the entry, while the stored
// set still compiles without that entry, so the shop's other rules and patterns still decide.
import { describe, expect, it } from 'vitest';
import { UNKNOWN_FACTS } from '../geo/geo-facts.js';
import type { Rule } from '../rules/rule-set.js';
import { compile } from './compile.js';
import { decide } from './decide.js';

const LOOKAHEAD = '"bot(?!ok)": lookahead, (?= or (?!, is not supported in user-agent patterns';
const STORED: Rule[] = [
  {
    id: 'bots',
    kind: 'bot-agent',
    patterns: [{ value: 'bot(?!ok)', regex: true }, { value: 'evilscraper' }],
  },
  { id: 'urls', kind: 'url', match: 'regex', pattern: '^/(wp)-\\1' },
  { id: 'env', kind: 'url', match: 'exact', pattern: '/.env' },
  { id: 'ip', kind: 'ip-block', ip: '198.51.100.7' },
];
const set = { appEnabled: true, rules: STORED };

describe('compile of a stored rule set with entries the engine no longer accepts', () => {
  it('refuses the set as a save, naming the first entry', () => {
    const result = compile(set);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors.map((e) => [e.ruleId, e.message])).toEqual([
        ['bots', LOOKAHEAD],
        [
          'urls',
          '"^/(wp)-\\1": a backreference, like \\1 or \\k<name>, is not supported in URL patterns',
        ],
      ]);
    }
  });

  it('leaves only those entries out of the stored set, and reports them', () => {
    const result = compile(set, { stored: true });
    if (!result.ok) throw new Error(result.errors[0]?.message);
    expect(result.skipped.map((e) => [e.ruleId, e.path])).toEqual([
      ['bots', ['rules', 0, 'patterns', 0, 'value']],
      ['urls', ['rules', 1, 'pattern']],
    ]);
    const action = (userAgent: string, url = '/', ip = '192.0.2.1') =>
      decide(result.policy, { ip, url, userAgent }, UNKNOWN_FACTS).action;
    expect(action('EvilScraper/1.0')).toBe('block');
    expect(action('somebot/1.0')).toBe('allow');
    expect(action('curl', '/.env')).toBe('block');
    expect(action('curl', '/wp-wp')).toBe('allow');
    expect(action('curl', '/', '198.51.100.7')).toBe('block');
  });

  it('still refuses a stored set whose other problems are not entries it can leave out', () => {
    const result = compile(
      { appEnabled: true, rules: [...STORED, { id: 'ip', kind: 'ip-block', ip: '10.0.0.1' }] },
      { stored: true },
    );
    expect(result.ok).toBe(false);
  });
});
