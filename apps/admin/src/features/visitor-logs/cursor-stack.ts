// Keyset pagination walked both ways: the server only knows "the page after this cursor", so
// the cursors of the pages already seen are kept in a stack and Previous pops one.

/** The cursors of the pages walked so far; the top is the page shown (null = first page). */
export type CursorStack = readonly (string | null)[];

export const firstPage: CursorStack = [null];

export function currentCursor(stack: CursorStack): string | null {
  return stack[stack.length - 1] ?? null;
}

/** Forward to the page after the one shown; unchanged on the last page (no next cursor). */
export function pushCursor(stack: CursorStack, next: string | null): CursorStack {
  return next === null ? stack : [...stack, next];
}

/**
 * The page shown is replaced by the one after it, without adding a step to go back through:
 * for pages that hold nothing to show (an exhausted URL search budget), so Previous returns
 * to the last page that did.
 */
export function replaceCursor(stack: CursorStack, next: string | null): CursorStack {
  return next === null ? stack : [...stack.slice(0, -1), next];
}

/** Back one page; the first page stays the first page. */
export function popCursor(stack: CursorStack): CursorStack {
  return stack.length > 1 ? stack.slice(0, -1) : stack;
}

export function hasPrevious(stack: CursorStack): boolean {
  return stack.length > 1;
}

/** 1-based number of the page shown, for "Page 3". */
export function pageNumber(stack: CursorStack): number {
  return stack.length;
}
