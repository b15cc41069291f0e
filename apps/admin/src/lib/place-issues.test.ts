import { describe, expect, it } from 'vitest';
import type { ErrorIssue } from '@gatehouse/contracts';
import { fieldName, placeIssues, placeIssuesByName } from './place-issues.js';

const issue = (path: ErrorIssue['path'], message: string): ErrorIssue => ({
  path,
  code: 'custom',
  message,
});
/** A form with a list of rules by key and a name field. */
const keys = ['r-a', 'r-b'];
const placeOf = ([head, index]: ErrorIssue['path']) => {
  if (head === 'name') return 'name';
  return head === 'rules' && typeof index === 'number' ? (keys[index] ?? null) : null;
};

describe('placeIssues', () => {
  it('puts each problem at the place its path points to, in the order listed', () => {
    const placed = placeIssues(
      'The first.',
      [
        issue(['rules', 1, 'url'], 'The first.'),
        issue(['name'], 'Name it.'),
        issue(['rules', 1, 'countries', 0], 'Not a country.'),
      ],
      placeOf,
    );
    expect(placed).toEqual({
      at: { 'r-b': ['The first.', 'Not a country.'], name: ['Name it.'] },
      unplaced: [],
      banner: null,
    });
  });

  it("shows the server's sentence above the form for a problem without a place", () => {
    const placed = placeIssues(
      'Two problems.',
      [issue(['rules', 7], 'Gone.'), issue(['name'], 'Name it.')],
      placeOf,
    );
    expect(placed).toEqual({
      at: { name: ['Name it.'] },
      unplaced: ['Gone.'],
      banner: 'Two problems.',
    });
  });

  it("shows the server's sentence for a refusal that lists nothing", () => {
    for (const issues of [undefined, []]) {
      expect(placeIssues('At most 50 filters.', issues, placeOf)).toEqual({
        at: {},
        unplaced: [],
        banner: 'At most 50 filters.',
      });
    }
  });
});

describe('placeIssuesByName', () => {
  it('places each problem at the field named after its path, the rest above the form', () => {
    const placed = placeIssuesByName(
      'Give the filter a name.',
      [
        issue(['name'], 'Give the filter a name.'),
        issue(['actions', 'tags', 0], 'No commas.'),
        issue(['match'], 'Add a condition.'),
      ],
      ['name', 'actions.tags.0'],
    );
    expect(placed).toEqual({
      at: { name: ['Give the filter a name.'], 'actions.tags.0': ['No commas.'] },
      unplaced: ['Add a condition.'],
      banner: 'Give the filter a name.',
    });
    expect(fieldName(['rules', 1, 'url'])).toBe('rules.1.url');
  });
});
