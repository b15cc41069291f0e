// Errors coming back from the PGlite worker, rebuilt on the caller's side as the errors PGlite
// itself throws: a Postgres error is a DatabaseError with every field Postgres sent (`code`,
// `constraint`, `detail`…) plus PGlite's `query`, `params` and `queryOptions`, so code that
// checks `code === '23505'` or reads a drizzle error's `cause` behaves the same either way.
import { messages, type QueryOptions } from '@electric-sql/pglite';

/** An error as the worker posts it (see `serializeError` in pglite-worker.mjs). */
export interface SerializedError {
  message: string;
  name: string;
  stack?: string;
  /** It was PGlite's DatabaseError (an error Postgres reported). */
  database: boolean;
  length?: number;
  [field: string]: unknown;
}

const RESERVED = new Set(['message', 'name', 'stack', 'database', 'length']);

export function reviveError(serialized: SerializedError, queryOptions?: QueryOptions): Error {
  const error: Error = serialized.database
    ? new messages.DatabaseError(
        serialized.message,
        serialized.length ?? 0,
        serialized.name as ConstructorParameters<typeof messages.DatabaseError>[2],
      )
    : new Error(serialized.message);
  const fields = error as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(serialized)) {
    if (!RESERVED.has(key)) fields[key] = value;
  }
  if (serialized.database) {
    fields.queryOptions = queryOptions;
  } else {
    // Not a Postgres error but a fault in the worker: its own stack says where.
    if (serialized.name !== 'Error') error.name = serialized.name;
    if (serialized.stack) error.stack = serialized.stack;
  }
  return error;
}
