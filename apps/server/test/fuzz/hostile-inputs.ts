// Generators of hostile requests for any call of the contract table. A call's request schema is
// read for its fields (through optional, default, nullable, pipes and refinements); a
// plausible input is built from them and one field is replaced by a hostile value, or a
// hostile extra field is added. A schema whose root is not an object cannot be walked and is
// reported, so a new call with such a schema fails the suite until the walker learns it.
import fc from 'fast-check';
import type { z } from 'zod';

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

/** The schema under wrappers that do not change what the field holds. */
function unwrap(schema: unknown): unknown {
  let current = schema;
  for (let i = 0; i < 20; i++) {
    const def = defOf(current);
    if (['optional', 'default', 'nullable', 'prefault', 'readonly', 'catch'].includes(def.type)) {
      current = def.innerType;
    } else if (def.type === 'pipe') {
      current = def.in;
    } else return current;
  }
  return current;
}

/** The fields of a request schema, or null when its root is not an object. */
export function requestFields(schema: z.ZodType): Record<string, unknown> | null {
  const root = defOf(unwrap(schema));
  if (root.type !== 'object') return null;
  return root.shape as Record<string, unknown>;
}

/** A plausible value for a field: right type, probably not right content. */
function plausible(schema: unknown, depth = 0): unknown {
  const def = defOf(unwrap(schema));
  switch (def.type) {
    case 'string':
      return 'a';
    case 'number':
    case 'bigint':
      return 1;
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'array':
      return depth > 3 ? [] : [plausible(def.element, depth + 1)];
    case 'object':
      return plausibleObject(def.shape as Record<string, unknown>, depth + 1);
    case 'union':
      return plausible((def.options as unknown[])[0], depth + 1);
    default:
      return 'a';
  }
}

function plausibleObject(shape: Record<string, unknown>, depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(shape)) out[key] = plausible(field, depth);
  return out;
}

export function plausibleInput(schema: z.ZodType): Record<string, unknown> {
  return plausibleObject(requestFields(schema) ?? {});
}

/** Characters no stored text may hold: NUL, other controls, bidi overrides, broken UTF-16. */
export const FORBIDDEN = ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u202e', '\u2066'];
const LONE_SURROGATE = '\ud800';

const b64 = (parts: unknown) => Buffer.from(JSON.stringify(parts)).toString('base64url');

/** Ids and cursors of another shop, filled in once the second shop's data exists. */
export interface ForeignIds {
  ids: string[];
  cursors: string[];
}

/** Hostile text: it must always be refused with 400. */
export const hostileText = fc
  .tuple(
    fc.string({ maxLength: 12 }),
    fc.constantFrom(...FORBIDDEN, LONE_SURROGATE),
    fc.string({ maxLength: 12 }),
  )
  .map(([a, bad, b]) => `${a}${bad}${b}`);

/** Values that are wrong, odd or hostile in some other way (may still be accepted). */
export function oddValue(foreign: ForeignIds) {
  return fc.oneof(
    fc.constantFrom<unknown>(
      null,
      true,
      0,
      -1,
      1e308,
      -0.5,
      [],
      {},
      [[[[[]]]]],
      '',
      ' ',
      'x'.repeat(100_000),
      '0000-01-01',
      '0001-01-01T00:00:00Z',
      '0099-12-31',
      '2027-02-30',
      '2030-13-01T00:00:00Z',
      '2030-01-01T00:00:00+99:00',
      '1e999',
      '-0',
      'NaN',
      '0.0.0.0/0',
      '::/0',
      '-'.repeat(36),
      b64(['2030-01-01 00:00:00+00', '99999999999999999999']),
      b64(['2030-13-01 00:00:00+00', '1']),
      b64(['2030-01-01 00:00:00+99', '1']),
      b64(['0000-01-01 00:00:00+00', '1']),
      b64([new Date().toISOString(), '-'.repeat(36)]),
      b64({ time: 1 }),
      '%00',
      '%FF%FE',
      '\ufeffBOM',
      'ｅｘａｍｐｌｅ',
      '😀'.repeat(50),
      '<script>alert(1)</script>',
      "' OR 1=1 --",
      '{"__proto__":{"polluted":true}}',
    ),
    fc.constantFrom(...foreign.ids, ...foreign.cursors),
    fc.constantFrom(...foreign.ids).map((id) => [id]),
    fc.integer(),
    fc.double(),
    fc.string({ maxLength: 40 }),
    fc.array(fc.string({ maxLength: 5 }), { maxLength: 5 }),
  );
}

/** Key names that reach into prototypes, or are built-in names of every object. */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf'];

export type Mutation =
  | { kind: 'field'; field: string; value: unknown; forbidden: boolean }
  | { kind: 'extra'; field: string; value: unknown; forbidden: boolean };

/** One hostile change to a call's plausible input. */
export function mutation(fields: string[], foreign: ForeignIds): fc.Arbitrary<Mutation> {
  const value = oddValue(foreign);
  const options: fc.Arbitrary<Mutation>[] = [
    fc
      .tuple(fc.constantFrom(...PROTOTYPE_KEYS), value)
      .map(([field, v]) => ({ kind: 'extra', field, value: v, forbidden: false })),
    fc
      .tuple(fc.string({ maxLength: 8 }), hostileText)
      .map(([field, v]) => ({ kind: 'extra', field: `x${field}`, value: v, forbidden: true })),
  ];
  if (fields.length > 0) {
    options.push(
      fc
        .tuple(fc.constantFrom(...fields), value)
        .map(([field, v]) => ({ kind: 'field', field, value: v, forbidden: false })),
      fc
        .tuple(fc.constantFrom(...fields), hostileText)
        .map(([field, v]) => ({ kind: 'field', field, value: v, forbidden: true })),
    );
  }
  return fc.oneof(...options);
}

/** The input with the mutation applied; `__proto__` becomes an own key, as JSON.parse makes it. */
export function applyMutation(
  input: Record<string, unknown>,
  change: Mutation,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...input };
  Object.defineProperty(out, change.field, {
    value: change.value,
    enumerable: true,
    configurable: true,
    writable: true,
  });
  return out;
}

/** Bodies no JSON call can read: broken UTF-8 or JSON, not an object, too deep, too big, not JSON. */
export const ODD_JSON_BODIES: readonly (readonly [type: string, body: string | Buffer])[] = [
  ['application/json', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])],
  ['application/json', '{"a":'],
  ['application/json', '"text"'],
  ['application/json', '[1,2]'],
  ['application/json', '['.repeat(5000) + ']'.repeat(5000)],
  ['application/json', `{"a":"${'x'.repeat(1_100_000)}"}`],
  ['text/plain', 'hello'],
  ['application/json; charset=utf-16', Buffer.from('{"a":1}', 'utf16le')],
];

/**
 * Query strings a browser or a script could send, appended to a plausible one: broken percent
 * escapes, NUL, broken UTF-8, repeated and bracketed keys, prototype keys, a long value.
 */
export const ODD_QUERIES: readonly string[] = [
  '%',
  '%ZZ=1',
  'a=%00',
  'shop=%00',
  'url=%ED%A0%80',
  '%FF%FE=%C0%80',
  '=&&=',
  'a[b]=1&a[c][d]=2',
  '__proto__=1&__proto__[polluted]=1',
  'constructor=1&toString=1&valueOf=1',
  'shop=a&shop=b&url=a&url=b',
  `x=${'a'.repeat(10_000)}`,
];
