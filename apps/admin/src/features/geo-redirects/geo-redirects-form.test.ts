import { describe, expect, it } from 'vitest';
import {
  formInvalid,
  newRule,
  refusalOf,
  ruleErrors,
  toForm,
  toRequest,
} from './geo-redirects-form.js';
import { moveByKey } from '../../components/sortable-list/move-by-key.js';

describe('the redirects draft', () => {
  it('says what is missing in a new rule, as the server does', () => {
    const rule = newRule();
    expect(ruleErrors(rule)).toEqual({
      url: 'Enter the address to send visitors to, starting with https://, like https://example.de.',
      countries: 'Choose at least one country or continent for each redirect.',
    });
    expect(ruleErrors({ ...rule, url: 'http://example.de', continents: ['EU'] })).toEqual({
      url: '"http://example.de" is not an https address. Enter a full address starting with https://, like https://example.de.',
    });
    expect(
      formInvalid({ rules: [{ ...rule, url: 'https://example.de', countries: ['DE'] }] }),
    ).toBe(false);
  });

  it("puts a refused prompt text under that text's own field", () => {
    const rule = { ...newRule(), url: 'https://example.de', countries: ['DE'] };
    const errors = ruleErrors({ ...rule, prompt: { ...rule.prompt, accept: '', decline: '' } });
    expect(errors).toEqual({
      prompt: {
        accept: 'Enter the text of the button that redirects.',
        decline: 'Enter the text of the button that stays.',
      },
    });
    expect(formInvalid({ rules: [{ ...rule, prompt: { ...rule.prompt, accept: '' } }] })).toBe(
      true,
    );
  });

  it("sorts a refused save's problems onto the rules they are about", () => {
    const a = { ...newRule(), url: 'https://example.de', countries: ['DE'] };
    const b = { ...newRule(), url: 'https://example.fr', countries: ['XX'] };
    const form = { rules: [a, b] };
    expect(
      refusalOf(form, 'first', [
        { path: ['rules', 1, 'countries', 0], code: 'invalidCountry', message: 'bad country' },
        { path: ['rules'], code: 'tooMany', message: 'too many' },
      ]),
    ).toEqual({ byRule: { [b.key]: ['bad country'] }, page: ['too many'] });
    expect(refusalOf(form, 'Reload the page.', undefined)).toEqual({
      byRule: {},
      page: ['Reload the page.'],
    });
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
