import { describe, expect, it } from 'vitest';
import { referrerMessages as m } from '@gatehouse/contracts';
import { readDomains } from './referrer-blocker-form.js';

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
});
