import { describe, expect, it } from 'vitest';
import { MAX_ASN_ENTRIES } from '../rules/asn.js';
import type { Rule } from '../rules/rule-set.js';
import { compile, type CompileResult } from './compile.js';
import { decide } from './decide.js';

const rules = (...list: Rule[]) => ({ appEnabled: true, rules: list });
const errorsOf = (result: CompileResult) => (result.ok ? [] : result.errors);

describe('compile', () => {
  it('accepts a valid rule set', () => {
    const result = compile(
      rules(
        { id: 'a', kind: 'ip-allow', ip: '203.0.113.7', note: 'office' },
        { id: 'b', kind: 'ip-block', ip: '2001:db8::/32', expiresAt: '2030-01-01T00:00:00Z' },
        { id: 'c', kind: 'country', mode: 'blacklist', countries: ['CN', 'ru'] },
      ),
    );
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.policy.ruleCount).toBe(3);
      expect(result.warnings).toEqual([]);
    }
  });

  it('refuses a bad IP address, naming the rule and field', () => {
    expect(errorsOf(compile(rules({ id: 'x', kind: 'ip-block', ip: '1.2.3.256' })))).toEqual([
      {
        code: 'invalidIp',
        message: '"1.2.3.256" is not a valid IP address',
        ruleId: 'x',
        path: ['rules', 0, 'ip'],
      },
    ]);
    expect(errorsOf(compile(rules({ id: 'x', kind: 'ip-allow', ip: '010.0.0.1' })))[0]?.code).toBe(
      'invalidIp',
    );
  });

  it('refuses a bad CIDR block, suggesting the network when host bits are set', () => {
    expect(
      errorsOf(compile(rules({ id: 'x', kind: 'ip-block', ip: '10.0.0.0/33' })))[0],
    ).toMatchObject({
      code: 'invalidCidr',
      message: '"10.0.0.0/33" has an invalid prefix length',
    });
    expect(
      errorsOf(compile(rules({ id: 'x', kind: 'ip-block', ip: '10.0.0.5/24' })))[0],
    ).toMatchObject({
      code: 'invalidCidr',
      message: '"10.0.0.5/24" has bits set after the prefix; did you mean 10.0.0.0/24?',
    });
  });

  it.each([
    ['ip-block', '0.0.0.0/0'],
    ['ip-block', '::ffff:0.0.0.0/96'],
    ['ip-allow', '0.0.0.0/1'],
    ['ip-allow', '128.0.0.0/1'],
    ['legacy-ip', '::/0'],
    ['legacy-ip', '2000::/3'],
  ] as const)(
    'leaves out a %s entry %s, wider than an entry may be, with a warning',
    (kind, ip) => {
      const result = compile(
        rules({ id: 'wide', kind, ip }, { id: 'narrow', kind: 'ip-block', ip: '203.0.113.0/24' }),
      );
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(result.warnings).toEqual([
        {
          code: 'rangeTooWide',
          ruleId: 'wide',
          message: expect.stringContaining(`"${ip}" is not applied`),
        },
      ]);
      const visitor = ip.includes(':') && !ip.startsWith('::ffff') ? '2001:db8::1' : '198.51.100.1';
      expect(decide(result.policy, { ip: visitor, url: '/' })).toMatchObject({
        action: 'allow',
        rule: null,
      });
      expect(decide(result.policy, { ip: '203.0.113.9', url: '/' }).rule?.id).toBe('narrow');
    },
  );

  it('refuses a bad country code', () => {
    const errors = errorsOf(
      compile(
        rules({ id: 'c', kind: 'country', mode: 'blacklist', countries: ['US', 'USA', 'ZZ'] }),
      ),
    );
    expect(errors.map((e) => [e.code, e.path])).toEqual([
      ['invalidCountry', ['rules', 0, 'countries', 1]],
      ['invalidCountry', ['rules', 0, 'countries', 2]],
    ]);
  });

  it.each([
    'example.com',
    'javascript:alert(1)',
    'ftp://example.com/',
    'https://',
    'https://exa mple.com',
  ])('refuses the redirect URL %j', (url) => {
    const result = compile(
      rules({ id: 'b', kind: 'ip-block', ip: '1.2.3.4', action: { type: 'redirect', url } }),
    );
    expect(errorsOf(result)[0]).toMatchObject({ code: 'invalidRedirectUrl', ruleId: 'b' });
  });

  it('refuses bad expiry dates and scope patterns', () => {
    const errors = errorsOf(
      compile(
        rules({
          id: 'b',
          kind: 'ip-block',
          ip: '1.2.3.4',
          expiresAt: 'next tuesday',
          scope: { type: 'urls', patterns: ['products/x'] },
        }),
      ),
    );
    expect(errors.map((e) => e.code).sort()).toEqual(['invalidExpiry', 'invalidScope']);
  });

  it('refuses duplicate rule ids', () => {
    const errors = errorsOf(
      compile(
        rules(
          { id: 'same', kind: 'ip-block', ip: '1.2.3.4' },
          { id: 'same', kind: 'ip-block', ip: '1.2.3.5' },
        ),
      ),
    );
    expect(errors).toMatchObject([{ code: 'duplicateRuleId', path: ['rules', 1, 'id'] }]);
  });

  it('refuses input of the wrong shape', () => {
    for (const input of [
      null,
      'rules',
      {},
      { appEnabled: true, rules: [{ id: 'x', kind: 'nope' }] },
    ]) {
      const result = compile(input);
      expect(result.ok).toBe(false);
      expect(errorsOf(result)[0]?.code).toBe('invalidRuleSet');
    }
  });

  it('validates disabled rules too', () => {
    expect(compile(rules({ id: 'x', kind: 'ip-block', ip: 'bad', enabled: false })).ok).toBe(false);
  });

  it('does not refuse a whitelist without countries but reports it as invalidWhitelist', () => {
    const result = compile(rules({ id: 'w', kind: 'country', mode: 'whitelist', countries: [] }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.warnings).toEqual([
      expect.objectContaining({ code: 'invalidWhitelist', ruleId: 'w' }),
    ]);
  });

  it('keeps no warning of a rule that is off', () => {
    const result = compile(
      rules({ id: 'w', kind: 'country', mode: 'whitelist', countries: [], enabled: false }),
    );
    expect(result.ok && result.warnings).toEqual([]);
  });

  it('accepts ASNs and ISP names', () => {
    const result = compile(
      rules({ id: 'n', kind: 'asn', asns: [1, 15169, 4_294_967_295], names: ['Hetzner Online'] }),
    );
    expect(result.ok).toBe(true);
  });

  it('refuses AS numbers out of range, naming each', () => {
    const errors = errorsOf(
      compile(rules({ id: 'n', kind: 'asn', asns: [15169, 0, -5, 1.5, 4_294_967_296] })),
    );
    expect(errors.map((e) => [e.code, e.path])).toEqual([
      ['invalidAsn', ['rules', 0, 'asns', 1]],
      ['invalidAsn', ['rules', 0, 'asns', 2]],
      ['invalidAsn', ['rules', 0, 'asns', 3]],
      ['invalidAsn', ['rules', 0, 'asns', 4]],
    ]);
    expect(errors[0]?.message).toBe('0 is not an AS number (use 1 to 4294967295, like 15169)');
  });

  it('refuses empty ISP names and names without letters or digits', () => {
    const errors = errorsOf(compile(rules({ id: 'n', kind: 'asn', names: ['  ', '--&--', 'ok'] })));
    expect(errors.map((e) => [e.code, e.message])).toEqual([
      ['invalidIspName', 'An ISP name cannot be empty'],
      ['invalidIspName', '"--&--" is not an ISP name (it needs letters or digits)'],
    ]);
  });

  it(`refuses more than ${MAX_ASN_ENTRIES} ASNs and names over all ISP/ASN rules`, () => {
    const asns = Array.from({ length: MAX_ASN_ENTRIES }, (_, i) => i + 1);
    expect(compile(rules({ id: 'n', kind: 'asn', asns })).ok).toBe(true);
    const errors = errorsOf(
      compile(
        rules(
          { id: 'n', kind: 'asn', asns: asns.slice(1) },
          { id: 'm', kind: 'asn', names: ['one', 'two'] },
          { id: 'o', kind: 'asn', names: ['three'] },
        ),
      ),
    );
    expect(errors).toEqual([
      {
        code: 'tooManyAsnEntries',
        message: 'At most 2,000 ASNs and ISP names can be blocked',
        ruleId: 'm',
        path: ['rules', 1],
      },
    ]);
  });
});
