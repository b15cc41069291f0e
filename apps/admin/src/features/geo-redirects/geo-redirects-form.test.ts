import { describe, expect, it } from 'vitest';
import {
  fieldOf,
  newRule,
  redirectsFormSchema,
  ruleErrorsAt,
  shadowsOf,
  shadowText,
  toForm,
  toRequest,
  type RedirectDraft,
  type RedirectsForm,
} from './geo-redirects-form.js';
import { moveByKey } from '../../components/sortable-list/move-by-key.js';
import { fieldErrors as errorsOf } from '../../test/field-errors.js';

const fieldErrors = (form: RedirectsForm) => errorsOf(redirectsFormSchema, form);

describe('the redirects draft', () => {
  it('says what is missing in a new rule, as the server does, at its fields', () => {
    const rule = newRule();
    expect(fieldErrors({ rules: [rule] })).toEqual({
      'rules.0.url':
        'Enter the address to send visitors to, starting with https://, like https://example.de.',
      'rules.0.countries': 'Choose at least one country or continent for each redirect.',
    });
    expect(
      fieldErrors({ rules: [{ ...rule, url: 'http://example.de', continents: ['EU'] }] }),
    ).toEqual({
      'rules.0.url':
        '"http://example.de" is not an https address. Enter a full address starting with https://, like https://example.de.',
    });
    expect(
      fieldErrors({ rules: [{ ...rule, url: 'https://example.de', countries: ['DE'] }] }),
    ).toEqual({});
  });

  it("puts a refused prompt text under that text's own field, in its rule", () => {
    const rule = { ...newRule(), url: 'https://example.de', countries: ['DE'] };
    const errors = fieldErrors({
      rules: [rule, { ...rule, prompt: { ...rule.prompt, accept: '', decline: '' } }],
    });
    expect(errors).toEqual({
      'rules.1.prompt.accept': 'Enter the text of the button that redirects.',
      'rules.1.prompt.decline': 'Enter the text of the button that stays.',
    });
    expect(ruleErrorsAt(errors, 1)).toEqual({
      url: undefined,
      countries: undefined,
      prompt: {
        accept: 'Enter the text of the button that redirects.',
        decline: 'Enter the text of the button that stays.',
      },
      rule: undefined,
    });
  });

  it("places a refused save's problems at the fields, the rules or the list they are about", () => {
    expect(fieldOf(['rules', 1, 'countries', 0])).toBe('rules.1.countries');
    expect(fieldOf(['rules', 1, 'continents', 2])).toBe('rules.1.countries');
    expect(fieldOf(['rules', 0, 'url'])).toBe('rules.0.url');
    expect(fieldOf(['rules', 2, 'prompt', 'accept'])).toBe('rules.2.prompt.accept');
    expect(fieldOf(['rules', 2, 'id'])).toBe('rules.2');
    expect(fieldOf(['rules'])).toBeNull();
  });

  it('moves rules and sends them in order, new ones without an id', () => {
    const stored = toForm([
      {
        id: 'a',
        enabled: true,
        countries: ['DE'],
        continents: [],
        url: 'https://example.de',
        keepPath: false,
        mode: 'auto',
        prompt: { title: '', text: '', accept: 'Go', decline: 'Stay', flag: '' },
        hits: 3,
        lastHitAt: null,
      },
    ]);
    const added = { ...newRule(), url: ' https://example.fr ', countries: ['FR'] };
    const rules = moveByKey([...stored.rules, added], added.key, 'a');
    const request = toRequest({ rules });
    expect(request.rules.map((r) => [r.id, r.url])).toEqual([
      [undefined, 'https://example.fr'],
      ['a', 'https://example.de'],
    ]);
  });
});

describe('what the redirects above take from a redirect', () => {
  const rule = (over: Partial<RedirectDraft>): RedirectDraft => ({
    ...newRule(),
    url: 'https://example.de',
    ...over,
  });

  it('says nothing of the more specific redirect first, as the page advises', () => {
    const germany = rule({ countries: ['DE'] });
    const europe = rule({ continents: ['EU'] });
    expect(shadowsOf([germany, europe])).toEqual(new Map());
  });

  it('finds a redirect below a broader one never used', () => {
    const europe = rule({ continents: ['EU'] });
    const germany = rule({ countries: ['DE', 'AT'] });
    const shadow = shadowsOf([europe, germany]).get(germany.key);
    expect(shadow).toEqual({ never: true, named: [], by: [1] });
    expect(shadowText(shadow!)).toBe(
      'This redirect is never used: every country it covers is taken by redirect 1 above it. Move it above to use it, or remove it.',
    );
  });

  it('names the countries a redirect lists that redirects above take', () => {
    const germany = rule({ countries: ['DE'] });
    const france = rule({ countries: ['FR'] });
    const dach = rule({ countries: ['DE', 'CH', 'FR', 'AT'] });
    const shadow = shadowsOf([germany, france, dach]).get(dach.key);
    expect(shadow).toEqual({ never: false, named: ['Germany', 'France'], by: [1, 2] });
    expect(shadowText(shadow!)).toBe(
      'Germany and France are taken by redirects 1 and 2 above it, so visitors from there never reach this redirect. Move it above to send them here.',
    );
  });

  it('leaves out redirects that are off, above and below', () => {
    const europe = rule({ continents: ['EU'], enabled: false });
    const germany = rule({ countries: ['DE'] });
    const alsoGermany = rule({ countries: ['DE'], enabled: false });
    expect(shadowsOf([europe, germany, alsoGermany])).toEqual(new Map());
  });

  it('names at most five countries', () => {
    const europe = rule({ continents: ['EU'] });
    const many = rule({ countries: ['DE', 'FR', 'IT', 'ES', 'PT', 'NL', 'BE', 'US'] });
    const shadow = shadowsOf([europe, many]).get(many.key)!;
    expect(shadowText(shadow)).toMatch(
      /^Germany, France, Italy, Spain, Portugal and 2 more are taken by redirect 1 above it/,
    );
  });
});
