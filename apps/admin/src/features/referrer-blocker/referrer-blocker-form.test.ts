import { describe, expect, it } from 'vitest';
import { referrerMessages as m, type ReferrerEntry } from '@gatehouse/contracts';
import { filterListEntries } from '../../components/entry-list/list-blocker-calls.js';
import { readDomains } from './referrer-blocker-form.js';

const filterEntries = filterListEntries('domain');

const entry = (domain: string, note = ''): ReferrerEntry => ({
  id: crypto.randomUUID(),
  domain,
  note,
  hits: 0,
  lastHitAt: null,
  createdAt: '2030-01-01T00:00:00.000Z',
});

describe('the Referrer Blocker form', () => {
  it('reads one domain per line, comma or space', () => {
    expect(readDomains(' spam.example,\n*.ads.example  other.example ')).toEqual({
      values: ['spam.example', '*.ads.example', 'other.example'],
    });
  });

  it('names the first domain that is not one, and asks for one when empty', () => {
    expect(readDomains('spam.example nope')).toEqual({ error: m.domainInvalid('nope') });
    expect(readDomains('   ')).toEqual({ error: m.domain });
    const many = Array.from({ length: 101 }, (_, i) => `s${i}.example`).join('\n');
    expect(readDomains(many)).toEqual({ error: m.tooManyDomains });
  });

  it('filters by domain or note, ignoring case', () => {
    const entries = [entry('spam.example', 'Bad ads'), entry('*.junk.example')];
    expect(filterEntries(entries, 'JUNK').map((e) => e.domain)).toEqual(['*.junk.example']);
    expect(filterEntries(entries, 'bad').map((e) => e.domain)).toEqual(['spam.example']);
    expect(filterEntries(entries, ' ')).toHaveLength(2);
  });
});
