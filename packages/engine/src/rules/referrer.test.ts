import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile } from '../policy/compile.js';
import { normalizeReferrerDomain, referrerHost } from './referrer.js';

describe('normalizeReferrerDomain', () => {
  it.each([
    ['spam.example', 'spam.example'],
    ['  SPAM.Example. ', 'spam.example'],
    ['*.Spam.example', '*.spam.example'],
    ['https://www.spam.example/offers?x=1', 'www.spam.example'],
    ['bücher.example', 'xn--bcher-kva.example'],
  ])('reads %j as %j', (text, domain) => {
    expect(normalizeReferrerDomain(text)).toBe(domain);
  });

  it.each([
    '',
    'localhost',
    '1.2.3.4',
    'spam..example',
    '-spam.example',
    '*.',
    '*.*.a.b',
    'a b.c',
    'spam.example/path',
    'user@spam.example',
    'ftp:/x',
  ])('refuses %j', (text) => {
    expect(normalizeReferrerDomain(text)).toBeNull();
  });
});

describe('referrerHost', () => {
  it('reads the host of an http or https address', () => {
    expect(referrerHost('https://Ads.Spam.example./x?y#z')).toBe('ads.spam.example');
    expect(referrerHost('http://spam.example:8080/')).toBe('spam.example');
  });

  it('answers null for anything that is not a web address', () => {
    for (const text of [
      '',
      'spam.example',
      'javascript:alert(1)',
      'file:///etc/passwd',
      42,
      null,
    ]) {
      expect(referrerHost(text)).toBeNull();
    }
  });

  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const host = referrerHost(`https://${text}`);
        expect(host === null || typeof host === 'string').toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('compile: referrer rules', () => {
  it('refuses a rule whose domain is not one, naming it', () => {
    const result = compile({
      appEnabled: true,
      rules: [{ id: 'r1', kind: 'referrer', domains: ['spam.example', 'not a domain'] }],
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual([
      expect.objectContaining({
        code: 'invalidReferrer',
        ruleId: 'r1',
        path: ['rules', 0, 'domains', 1],
        message: expect.stringContaining('"not a domain" is not a domain'),
      }),
    ]);
  });

  it('refuses more referrer domains than the limit', () => {
    const domains = Array.from({ length: 2001 }, (_, i) => `site${i}.example`);
    const result = compile({ appEnabled: true, rules: [{ id: 'r1', kind: 'referrer', domains }] });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0]?.code).toBe('tooManyReferrerEntries');
  });
});

describe('referrerHost reads a host as the URL parser does', () => {
  const viaUrl = (text: string): string | null => {
    try {
      const url = new URL(text);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
      const host = url.hostname.replace(/\.$/, '');
      return host === '' ? null : host;
    } catch {
      return null;
    }
  };

  it.each([
    'https://Spam.Example./x',
    'http://spam.example:8080',
    'http://spam.example:99999/',
    'http://.',
    'http://a..b/',
    'https://spam.example?x',
    'https://user@spam.example/',
    'https://spam.example..',
    'http://1.2.3.4/',
    'http://0x7f.1/',
    'https://spam.0x1a/',
    'https://sp%61m.example/',
    'https://bücher.example/',
    ' https://spam.example/',
    'https://spam.\texample/',
    'https:spam.example',
    'https://spam.example\\path',
  ])('%j', (text) => {
    expect(referrerHost(text)).toBe(viaUrl(text));
  });

  it('for any text made of address characters', () => {
    const chars = fc.constantFrom(...'aZ09.-:/?#@%\\ \tü['.split(''));
    fc.assert(
      fc.property(
        fc.constantFrom('http://', 'https://', 'HTTP://', 'ftp://', ''),
        fc.array(chars, { maxLength: 20 }).map((a) => a.join('')),
        (scheme, rest) => {
          expect(referrerHost(scheme + rest)).toBe(viaUrl(scheme + rest));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
