import { describe, expect, it } from 'vitest';
import { firstPage, hasPrevious, pushCursor, replaceCursor } from './cursor-stack.js';
import { AUTO_SEARCH_PAGES, shouldSearchOn } from './url-search.js';

const at = '2026-11-20T10:00:00.000Z';

describe('the URL search walking on by itself', () => {
  it('goes on through empty pages that stopped early, up to the run limit', () => {
    const empty = { visits: [], nextCursor: 'c2', searchedTo: at };
    expect(shouldSearchOn(empty, 0)).toBe(true);
    expect(shouldSearchOn(empty, AUTO_SEARCH_PAGES - 1)).toBe(true);
    expect(shouldSearchOn(empty, AUTO_SEARCH_PAGES)).toBe(false);
  });

  it('stops at a match, at the end of the log, and for pages that did not stop early', () => {
    expect(shouldSearchOn({ visits: [{}], nextCursor: 'c2', searchedTo: at }, 0)).toBe(false);
    expect(shouldSearchOn({ visits: [], nextCursor: null, searchedTo: at }, 0)).toBe(false);
    expect(shouldSearchOn({ visits: [], nextCursor: 'c2', searchedTo: null }, 0)).toBe(false);
  });

  it('replaces an empty page instead of stacking it, so Previous skips it', () => {
    const second = pushCursor(firstPage, 'c1');
    expect(replaceCursor(second, 'c2')).toEqual([null, 'c2']);
    expect(replaceCursor(firstPage, 'c1')).toEqual(['c1']);
    expect(hasPrevious(replaceCursor(firstPage, 'c1'))).toBe(false);
    expect(replaceCursor(second, null)).toBe(second);
  });
});
