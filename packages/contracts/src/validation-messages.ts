// The sentence a caller sees when a request does not fit a call's schema and the schema gave
// no message of its own: it names the field and says what is expected, instead of the
// validator's default English. Installed once for every schema when the contracts load.
import { z } from 'zod';

type Issue = z.core.$ZodRawIssue;

const TYPE_NAMES: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  object: 'a JSON object of fields',
  array: 'a list',
  date: 'a date',
  null: 'null',
  undefined: 'left out',
  record: 'an object of fields',
  tuple: 'a list',
};

function received(input: unknown): string {
  if (input === undefined) return 'nothing';
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'a list';
  if (typeof input === 'string') return 'text';
  if (typeof input === 'number') return Number.isFinite(input) ? 'a number' : 'not a number';
  if (typeof input === 'boolean') return 'true or false';
  if (typeof input === 'object') return 'an object';
  return typeof input;
}

function fieldOf(path: readonly PropertyKey[] | undefined): string {
  const names = (path ?? []).map((p) => (typeof p === 'number' ? `[${p}]` : String(p)));
  if (names.length === 0) return 'The request';
  return `"${names.join('.').replace(/\.\[/g, '[')}"`;
}

const list = (values: readonly unknown[]) =>
  values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ');

/** Our sentence for an issue the schema left without a message. */
export function validationMessage(issue: Issue): string {
  const field = fieldOf(issue.path);
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined && (issue.path?.length ?? 0) > 0) {
        return `${field} is missing; please fill it in.`;
      }
      const expected = TYPE_NAMES[issue.expected] ?? issue.expected;
      return field === 'The request'
        ? `The request must be ${expected}, not ${received(issue.input)}.`
        : `${field} must be ${expected}, not ${received(issue.input)}.`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `${field} can be at most ${max} characters.`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${field} can hold at most ${max} items.`;
      return `${field} must be at most ${max}.`;
    }
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') {
        return min <= 1
          ? `${field} cannot be empty.`
          : `${field} needs at least ${min} characters.`;
      }
      if (issue.origin === 'array' || issue.origin === 'set')
        return `${field} needs at least ${min} ${min === 1 ? 'item' : 'items'}.`;
      return `${field} must be at least ${min}.`;
    }
    case 'invalid_format':
      return issue.format === 'uuid' || issue.format === 'guid'
        ? `${field} is not a known id.`
        : `${field} is not in the expected format (${issue.format}).`;
    case 'not_multiple_of':
      return `${field} must be a multiple of ${String(issue.divisor)}.`;
    case 'unrecognized_keys':
      return `${field} has fields this call does not accept: ${list(issue.keys)}. Remove them and try again.`;
    case 'invalid_value':
      return `${field} must be one of: ${list(issue.values)}.`;
    case 'invalid_union':
      return `${field} is not one of the accepted forms.`;
    case 'invalid_key':
      return `${field} has a field name this call does not accept.`;
    case 'invalid_element':
      return `${field} holds a value this call does not accept.`;
    default:
      return `${field} is not valid.`;
  }
}

z.config({ customError: validationMessage });
