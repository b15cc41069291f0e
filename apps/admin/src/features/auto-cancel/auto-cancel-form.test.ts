import { NEW_AUTO_CANCEL_FILTER, type AutoCancelFilter } from '@gatehouse/contracts';
import { describe, expect, it } from 'vitest';
import {
  conditionError,
  filterErrors,
  hasErrors,
  mergeErrors,
  newCondition,
  newGroup,
  operatorChoice,
  operatorOptions,
  placeRefusal,
  splitList,
  toDraft,
  toInput,
  typedErrors,
  valueKind,
  withField,
  withOperator,
  type FilterDraft,
} from './auto-cancel-form.js';

const stored = (match: AutoCancelFilter['match']): AutoCancelFilter => ({
  ...NEW_AUTO_CANCEL_FILTER,
  id: '5f0c6f5e-8f7e-4c36-9a39-3f1f0c1e2a11',
  name: 'Big mismatched orders',
  mode: 'on',
  position: 0,
  match,
  createdAt: '2026-11-01T00:00:00Z',
  updatedAt: '2026-11-01T00:00:00Z',
});

describe('a condition in the editor', () => {
  it('offers only the operators that fit its field, each also turned around', () => {
    expect(operatorOptions('total').map((o) => o.label)).toEqual([
      'equals',
      'is greater than',
      'is less than',
      'does not equal',
      'is not greater than',
      'is not less than',
    ]);
    expect(operatorOptions('billingDiffersFromShipping')).toEqual([
      { label: 'is yes', value: 'is' },
      { label: 'is no', value: '!is' },
    ]);
    expect(operatorOptions('ipNetwork').map((o) => o.value)).toEqual(['inList', '!inList']);
  });

  it('takes the value in the input its field and operator need', () => {
    expect(valueKind('email', 'contains')).toBe('text');
    expect(valueKind('email', 'inList')).toBe('list');
    expect(valueKind('total', 'greaterThan')).toBe('number');
    expect(valueKind('shippingCountry', 'equals')).toBe('country');
    expect(valueKind('shippingCountry', 'inList')).toBe('countries');
    expect(valueKind('firstOrder', 'is')).toBe('none');
    expect(valueKind('ipNetwork', 'inList')).toBe('networks');
  });

  it('restarts the value when the field changes kind, and keeps the operator when it fits', () => {
    const email = { ...newCondition('email'), operator: 'inList' as const, value: ['a@b.c'] };
    expect(withField(email, 'sku')).toMatchObject({ operator: 'inList', value: ['a@b.c'] });
    expect(withField(email, 'total')).toMatchObject({ operator: 'equals', value: '' });
    expect(withField(email, 'firstOrder')).toMatchObject({ operator: 'is', value: true });
  });

  it('turns text into a list and back when the operator changes', () => {
    const c = { ...newCondition('email'), operator: 'equals' as const, value: 'a@x.com, b@x.com' };
    const listed = withOperator(c, '!inList');
    expect(listed).toMatchObject({
      operator: 'inList',
      negate: true,
      value: ['a@x.com', 'b@x.com'],
    });
    expect(withOperator(listed, 'contains')).toMatchObject({
      negate: false,
      value: 'a@x.com, b@x.com',
    });
    const fact = newCondition('billingDiffersFromShipping');
    const no = withOperator(fact, '!is');
    expect(no).toMatchObject({ operator: 'is', negate: false, value: false });
    expect(operatorChoice(no)).toBe('!is');
  });

  it('splits lists on lines and commas, dropping blanks and repeats', () => {
    expect(splitList(' a@x.com\nb@x.com, ,a@x.com\n')).toEqual(['a@x.com', 'b@x.com']);
  });

  it('says what is wrong with a value before it is sent', () => {
    expect(conditionError({ ...newCondition('total'), value: '' })).toBe('Enter a number.');
    expect(conditionError({ ...newCondition('total'), value: '12abc' })).toBe('Enter a number.');
    expect(conditionError({ ...newCondition('total'), value: '500' })).toBeUndefined();
    expect(conditionError(newCondition('email'))).toBe('Enter a value.');
    expect(conditionError({ ...newCondition('email'), operator: 'matches', value: '(a' })).toMatch(
      /not a valid regular expression/,
    );
    expect(
      conditionError({ ...newCondition('email'), operator: 'matches', value: '(?=x)@y' }),
    ).toBe('"(?=x)@y": lookahead, (?= or (?!, is not supported in filter patterns.');
    expect(conditionError(newCondition('ipNetwork'))).toBe('Choose at least one kind of network.');
    expect(conditionError(newCondition('shippingCountry'))).toBe('Choose a country.');
    expect(conditionError(newCondition('firstOrder'))).toBeUndefined();
    expect(conditionError({ ...newCondition('email'), field: 'colour' })).toMatch(/order field/);
  });
});

describe('the filter draft', () => {
  const billingAndTotal = (): FilterDraft => {
    const draft = toDraft(null);
    const group = draft.groups[0]!;
    group.conditions = [
      withField(group.conditions[0]!, 'billingDiffersFromShipping'),
      withOperator({ ...newCondition('total'), value: ' 500 ' }, 'greaterThan'),
    ];
    return { ...draft, name: ' Mismatch over 500 ', mode: 'on' };
  };

  it('becomes the save call: trimmed, numbers as numbers, yes/no as true/false', () => {
    expect(toInput(billingAndTotal())).toEqual({
      id: null,
      name: 'Mismatch over 500',
      mode: 'on',
      match: {
        any: false,
        groups: [
          {
            any: false,
            conditions: [
              { field: 'billingDiffersFromShipping', operator: 'is', value: true },
              { field: 'total', operator: 'greaterThan', value: 500 },
            ],
          },
        ],
      },
      actions: NEW_AUTO_CANCEL_FILTER.actions,
    });
  });

  it('reads a stored filter back into the same save call, a turned-around fact as "is no"', () => {
    const match = {
      any: true,
      groups: [
        {
          any: true,
          conditions: [
            { field: 'email', operator: 'inList', value: ['a@x.com'], negate: true },
            { field: 'firstOrder', operator: 'is', value: true, negate: true },
          ],
        },
        { any: false, conditions: [{ field: 'total', operator: 'lessThan', value: 5 }] },
      ],
    };
    const draft = toDraft(stored(match));
    expect(operatorChoice(draft.groups[0]!.conditions[1]!)).toBe('!is');
    expect(toInput(draft).match).toEqual({
      ...match,
      groups: [
        {
          any: true,
          conditions: [
            match.groups[0]!.conditions[0],
            { field: 'firstOrder', operator: 'is', value: false },
          ],
        },
        match.groups[1],
      ],
    });
  });

  it('names every problem where it is: empty group, bad value, no action, bad tags', () => {
    const draft = billingAndTotal();
    expect(hasErrors(filterErrors(draft))).toBe(false);
    const empty = { ...newGroup(), conditions: [] };
    const bad = { ...newCondition('email'), value: '' };
    const broken: FilterDraft = {
      ...draft,
      name: ' ',
      groups: [...draft.groups, empty, { ...newGroup(), conditions: [bad] }],
      actions: { ...draft.actions, cancel: false, tags: ['a,b'], blockIp: false },
    };
    const errors = filterErrors(broken);
    expect(errors.name).toMatch(/name/);
    expect(errors.groups).toEqual({ [empty.key]: expect.stringMatching(/empty group/) });
    expect(errors.conditions).toEqual({ [bad.key]: 'Enter a value.' });
    expect(errors.tags).toMatch(/tags/);
    expect(filterErrors({ ...broken, actions: { ...broken.actions, tags: [] } }).actions).toMatch(
      /at least one action/,
    );
    // Blocking the email alone is an action.
    const emailOnly = { ...broken.actions, tags: [], blockEmail: true };
    expect(filterErrors({ ...broken, actions: emailOnly }).actions).toBeUndefined();
  });

  it('puts each problem of a refused save under the input its path names', () => {
    const draft = billingAndTotal();
    const withEmpty = { ...draft, groups: [...draft.groups, newGroup()] };
    const [first, second] = draft.groups[0]!.conditions;
    const problem = (path: (string | number)[], message: string) => ({
      path,
      code: 'invalid_value',
      message,
    });
    const placed = placeRefusal(withEmpty, 'The whole sentence.', [
      problem(['match', 'groups', 0, 'conditions', 0, 'value'], 'Bad pattern.'),
      problem(['match', 'groups', 0, 'conditions', 1, 'value', 3], 'Bad IP.'),
      problem(['match', 'groups', 1, 'conditions'], 'This group is empty.'),
      problem(['name'], 'Give the filter a name.'),
      problem(['actions', 'tags', 0], 'No commas.'),
    ]);
    expect(placed).toEqual({
      fields: {
        conditions: { [first!.key]: 'Bad pattern.', [second!.key]: 'Bad IP.' },
        groups: { [withEmpty.groups[1]!.key]: 'This group is empty.' },
        name: 'Give the filter a name.',
        tags: 'No commas.',
      },
      banner: null,
    });
    // The draft's own message wins where it has one; the server's fill the rest.
    const own = { groups: {}, conditions: { [first!.key]: 'Enter a value.' } };
    expect(mergeErrors(own, placed.fields).conditions).toEqual({
      [first!.key]: 'Enter a value.',
      [second!.key]: 'Bad IP.',
    });
    // A problem with no input of its own, or a refusal that lists nothing, shows above the form.
    expect(
      placeRefusal(draft, 'Too many filters.', [problem(['match', 'groups', 7], 'Gone.')]).banner,
    ).toBe('Too many filters.');
    expect(placeRefusal(draft, 'At most 50 filters.', undefined)).toEqual({
      fields: { groups: {}, conditions: {} },
      banner: 'At most 50 filters.',
    });
  });

  it('checks an IP value as it is typed, as the server would', () => {
    const ip = { ...newCondition('browserIp'), value: '10.0.0.1/8' };
    const list = {
      ...newCondition('browserIp'),
      operator: 'inList' as const,
      value: ['1.2.3.4', 'nope'],
    };
    const draft = { ...billingAndTotal(), groups: [{ ...newGroup(), conditions: [ip, list] }] };
    expect(typedErrors(draft).conditions).toEqual({
      [ip.key]: '"10.0.0.1/8" is not an IP address or CIDR range (did you mean 10.0.0.0/8?).',
      [list.key]: '"nope" is not an IP address or CIDR range.',
    });
    const fixed = { ...ip, value: '10.0.0.0/8' };
    expect(typedErrors({ ...draft, groups: [{ ...newGroup(), conditions: [fixed] }] })).toEqual({
      groups: {},
      conditions: {},
    });
    expect(filterErrors(draft).conditions[list.key]).toMatch(/"nope"/);
  });
});
