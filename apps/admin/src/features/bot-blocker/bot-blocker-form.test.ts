import { BOT_CATEGORIES, botMessages, type BotPatternEntry } from '@gatehouse/contracts';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_BOT_BLOCKER,
  agentsSummary,
  filterPatterns,
  readPatternField,
  toBotForm,
  toBotSettings,
} from './bot-blocker-form.js';

const entry = (pattern: string, note = ''): BotPatternEntry => ({
  id: pattern,
  pattern,
  regex: false,
  mode: 'block',
  note,
  hits: 0,
  lastHitAt: null,
  createdAt: '2030-01-01T00:00:00Z',
});

describe('the Bot Blocker form', () => {
  it('edits the action, every category and the good bots, and sends them back as the save call takes them', () => {
    const form = toBotForm({
      action: { type: 'redirect', url: 'https://example.com/bots' },
      categories: EMPTY_BOT_BLOCKER.categories.map((c) =>
        c.id === 'scripts' ? { ...c, mode: 'block' } : c,
      ),
      goodBots: [
        {
          name: 'Pinterestbot',
          owner: 'Pinterest',
          reference: '',
          why: 'pins',
          mode: 'block',
          hits: 0,
          lastHitAt: null,
        },
        {
          name: 'WhatsApp',
          owner: 'Meta',
          reference: '',
          why: 'previews',
          mode: 'allow',
          hits: 0,
          lastHitAt: null,
        },
      ],
    });
    expect(form).toMatchObject({ actionType: 'redirect', redirectUrl: 'https://example.com/bots' });
    expect(Object.keys(form.categories)).toEqual([...BOT_CATEGORIES]);
    expect(toBotSettings({ ...form, actionType: 'block' })).toEqual({
      action: { type: 'block' },
      categories: { ...form.categories, scripts: 'block' },
      goodBots: { Pinterestbot: 'block', WhatsApp: 'allow' },
    });
    expect(form.categories.scripts).toBe('block');
    expect(form.categories['ai-crawlers']).toBe('off');
  });

  it('reads the add field as the contract does', () => {
    expect(readPatternField('  MyScraper ', false)).toEqual({ pattern: 'MyScraper' });
    expect(readPatternField('', false)).toEqual({ error: botMessages.pattern });
    expect(readPatternField('bot(', true)).toEqual({
      error: '"bot(" is not a valid regular expression (Unterminated group).',
    });
    expect(readPatternField('(a)\\1', true)).toEqual({
      error:
        '"(a)\\1": a backreference, like \\1 or \\k<name>, is not supported in user-agent patterns.',
    });
    expect(readPatternField('bot(', false)).toEqual({ pattern: 'bot(' });
  });

  it('filters patterns by text or note, without regard to case', () => {
    const patterns = [entry('MyScraper'), entry('acme', 'Competitor'), entry('other')];
    expect(filterPatterns(patterns, 'SCRAP').map((p) => p.pattern)).toEqual(['MyScraper']);
    expect(filterPatterns(patterns, 'competitor').map((p) => p.pattern)).toEqual(['acme']);
    expect(filterPatterns(patterns, ' ')).toHaveLength(3);
  });

  it('names the first agents of a category and counts the rest', () => {
    expect(agentsSummary(['a', 'b'])).toBe('a, b');
    expect(agentsSummary(['a', 'b', 'c', 'd'], 2)).toBe('a, b and 2 more');
  });
});
