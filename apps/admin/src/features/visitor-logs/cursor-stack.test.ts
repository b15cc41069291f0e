import { describe, expect, it } from 'vitest';
import {
  currentCursor,
  firstPage,
  hasPrevious,
  pageNumber,
  popCursor,
  pushCursor,
} from './cursor-stack.js';

describe('cursor stack', () => {
  it('starts on the first page with nothing to go back to', () => {
    expect(currentCursor(firstPage)).toBeNull();
    expect(hasPrevious(firstPage)).toBe(false);
    expect(pageNumber(firstPage)).toBe(1);
  });

  it('walks forward with each next cursor and back in reverse order', () => {
    const third = pushCursor(pushCursor(firstPage, 'c2'), 'c3');
    expect(currentCursor(third)).toBe('c3');
    expect(pageNumber(third)).toBe(3);
    const second = popCursor(third);
    expect(currentCursor(second)).toBe('c2');
    expect(currentCursor(popCursor(second))).toBeNull();
  });

  it('stays put when there is no next page or nothing before the first', () => {
    expect(pushCursor(firstPage, null)).toBe(firstPage);
    expect(popCursor(firstPage)).toBe(firstPage);
  });
});
