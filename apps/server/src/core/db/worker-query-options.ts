// PGlite query options across the thread boundary. Functions cannot be posted to a worker, so
// the caller's `parsers` travel as the list of type OIDs they cover (the worker returns those
// fields as Postgres' text) and are applied here, on the caller's side, to the same fields.
import type { ParserOptions, QueryOptions, Results } from '@electric-sql/pglite';

/** What the worker receives in place of QueryOptions. */
export interface WireOptions {
  rowMode?: 'array' | 'object';
  /** Types to leave as text, because the caller parses them. */
  rawTypes?: number[];
  blob?: Blob;
  paramTypes?: number[];
}

const rawTypesOf = new WeakMap<ParserOptions, number[]>();

function rawTypes(parsers: ParserOptions): number[] {
  let oids = rawTypesOf.get(parsers);
  if (!oids) {
    oids = Object.keys(parsers).map(Number);
    rawTypesOf.set(parsers, oids);
  }
  return oids;
}

/** The part of `options` the worker can take; throws on options it cannot honour. */
export function toWireOptions(options: QueryOptions | undefined): WireOptions | undefined {
  if (!options) return undefined;
  const { rowMode, parsers, blob, paramTypes, serializers, onNotice } = options;
  if (serializers || onNotice) {
    throw new TypeError(
      'The PGlite worker client does not support the `serializers` and `onNotice` query options',
    );
  }
  const wire: WireOptions = {};
  if (rowMode) wire.rowMode = rowMode;
  if (parsers) wire.rawTypes = rawTypes(parsers);
  if (blob) wire.blob = blob;
  if (paramTypes) wire.paramTypes = paramTypes;
  return wire;
}

/** Applies the caller's parsers to the fields the worker left as text (in place). */
export function applyParsers<T>(
  results: Results<T>,
  options: QueryOptions | undefined,
): Results<T> {
  const parsers = options?.parsers;
  if (!parsers || results.rows.length === 0) return results;
  const targets: {
    key: number | string;
    type: number;
    parse: (value: string, type: number) => unknown;
  }[] = [];
  const arrayRows = options.rowMode === 'array';
  results.fields.forEach((field, index) => {
    const parse = parsers[field.dataTypeID];
    if (!parse) return;
    // Object rows hold one value per name, the last field's: parse that one once.
    if (!arrayRows && results.fields.findLastIndex((f) => f.name === field.name) !== index) return;
    targets.push({ key: arrayRows ? index : field.name, type: field.dataTypeID, parse });
  });
  if (targets.length === 0) return results;
  for (const row of results.rows as Record<number | string, unknown>[]) {
    for (const { key, type, parse } of targets) {
      const value = row[key];
      if (value !== null && value !== undefined) row[key] = parse(value as string, type);
    }
  }
  return results;
}
