import { describe, expect, it } from 'vitest';
import { actionBadge, decidingRule } from './decision-labels.js';

const countryRule = {
  id: 'country',
  kind: 'country',
  label: 'Country Blocker (blacklist)',
  mode: 'blacklist',
  page: '/regionBlocker',
} as const;

describe('actionBadge', () => {
  it('names what was done', () => {
    expect(actionBadge({ action: 'allow', rule: null, monitor: null })).toEqual({
      label: 'Allowed',
      tone: 'success',
    });
    expect(actionBadge({ action: 'block', rule: countryRule, monitor: null }).label).toBe(
      'Blocked',
    );
    expect(actionBadge({ action: 'redirect', rule: countryRule, monitor: null }).label).toBe(
      'Redirected',
    );
  });

  it('says "Would block" for a visitor a monitored rule let in', () => {
    const monitor = { ...countryRule, action: 'block' } as const;
    expect(actionBadge({ action: 'allow', rule: null, monitor })).toEqual({
      label: 'Would block',
      tone: 'attention',
    });
    expect(
      actionBadge({ action: 'allow', rule: null, monitor: { ...monitor, action: 'redirect' } })
        .label,
    ).toBe('Would redirect');
    expect(
      actionBadge({ action: 'allow', rule: null, monitor: { ...monitor, action: null } }).label,
    ).toBe('Monitored');
  });

  it('keeps "Blocked" when another rule blocked despite a monitored match', () => {
    const monitor = { ...countryRule, action: 'block' } as const;
    const ipRule = {
      id: 'x',
      kind: 'ip-block',
      label: 'IP block list: 203.0.113.7',
      mode: null,
      page: '/ipBlocker',
    } as const;
    expect(actionBadge({ action: 'block', rule: ipRule, monitor }).label).toBe('Blocked');
  });
});

describe('decidingRule', () => {
  it('links the deciding rule to the page the server names', () => {
    expect(decidingRule({ action: 'block', rule: countryRule, monitor: null })).toEqual({
      label: 'Country Blocker (blacklist)',
      url: '/regionBlocker',
    });
    expect(
      decidingRule({
        action: 'allow',
        rule: {
          id: 'a',
          kind: 'ip-allow',
          label: 'IP allow list: 198.51.100.4',
          mode: null,
          page: '/whiteLists',
        },
        monitor: null,
      }).url,
    ).toBe('/whiteLists');
  });

  it('names a monitored rule as monitor only', () => {
    expect(
      decidingRule({ action: 'allow', rule: null, monitor: { ...countryRule, action: 'block' } }),
    ).toEqual({ label: 'Country Blocker (blacklist) (monitor only)', url: '/regionBlocker' });
  });

  it('says so when no rule matched', () => {
    expect(decidingRule({ action: 'allow', rule: null, monitor: null })).toEqual({
      label: 'No rule matched',
      url: null,
    });
  });
});
