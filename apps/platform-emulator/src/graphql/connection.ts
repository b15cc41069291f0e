// Relay-style connections the way the Admin API pages them: `first`/`last` (one required,
// at most 250), opaque cursors, `nodes`, `edges` and `pageInfo`.
import { GraphQLError } from 'graphql';

export interface ConnectionArgs {
  first?: number | null;
  last?: number | null;
  after?: string | null;
  before?: string | null;
}

const MAX_PAGE = 250;

const encodeCursor = (index: number) => Buffer.from(`cursor:${index}`).toString('base64');
function decodeCursor(cursor: string | null | undefined): number | null {
  if (!cursor) return null;
  const match = /^cursor:(\d+)$/.exec(Buffer.from(cursor, 'base64').toString());
  return match?.[1] ? Number(match[1]) : null;
}

export function connection<T>(items: readonly T[], args: ConnectionArgs) {
  const { first, last } = args;
  if ((first ?? null) === null && (last ?? null) === null) {
    throw new GraphQLError('you must provide one of first or last');
  }
  for (const value of [first, last]) {
    if (value !== null && value !== undefined && (value < 0 || value > MAX_PAGE)) {
      throw new GraphQLError(`The page size must be between 0 and ${MAX_PAGE}`);
    }
  }
  const afterIndex = decodeCursor(args.after);
  const beforeIndex = decodeCursor(args.before);
  let start = afterIndex === null ? 0 : afterIndex + 1;
  let end = beforeIndex === null ? items.length : Math.min(beforeIndex, items.length);
  if (first !== null && first !== undefined) end = Math.min(end, start + first);
  else if (last !== null && last !== undefined) start = Math.max(start, end - last);
  const slice = items.slice(start, end).map((node, offset) => ({
    node,
    cursor: encodeCursor(start + offset),
  }));
  return {
    nodes: slice.map((edge) => edge.node),
    edges: slice,
    pageInfo: {
      hasNextPage: end < items.length,
      hasPreviousPage: start > 0,
      startCursor: slice[0]?.cursor ?? null,
      endCursor: slice[slice.length - 1]?.cursor ?? null,
    },
  };
}
