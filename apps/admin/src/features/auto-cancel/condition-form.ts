// One condition of an auto-cancel filter in the editor: the field, the operators that fit it
// (each also turned around), and the value in the form its input edits (a number as typed, a
// list as its entries, a yes/no fact as true or false), checked as the server checks its shape
// and turned into the save call's condition and back. Which operators fit a field, and what
// kind of value they take, comes from the filter language's own field table; an IP address
// or range is checked by the server's own check, as it is typed.
import {
  autoCancelMessages,
  checkIpEntry,
  FILTER_FIELDS,
  FILTER_LIMITS,
  FILTER_NEGATED_OPERATOR_LABELS,
  FILTER_OPERATOR_LABELS,
  FILTER_PATTERNS,
  filterField,
  regexSyntaxProblem,
  type FilterConditionInput,
  type FilterOperator,
} from '@gatehouse/contracts';

/** How a condition's value is entered. */
export type ValueKind = 'none' | 'text' | 'number' | 'list' | 'country' | 'countries' | 'networks';

export interface ConditionDraft {
  key: string;
  field: string;
  operator: FilterOperator;
  negate: boolean;
  /** Text and numbers as typed; lists as their entries; yes/no facts as true or false. */
  value: string | string[] | boolean;
}

let counter = 0;
export const nextKey = (prefix: string) => {
  counter += 1;
  return `${prefix}-${counter}`;
};

export function valueKind(field: string, operator: FilterOperator): ValueKind {
  const info = filterField(field);
  if (!info) return 'text';
  switch (info.valueType) {
    case 'boolean':
      return 'none';
    case 'number':
      return 'number';
    case 'network':
      return 'networks';
    case 'country':
      return operator === 'inList' ? 'countries' : 'country';
    default:
      return operator === 'inList' ? 'list' : 'text';
  }
}

/** The operator choices of a field: each operator, then each turned around. */
export function operatorOptions(field: string): { label: string; value: string }[] {
  const ops = filterField(field)?.operators ?? [];
  if (filterField(field)?.valueType === 'boolean') {
    return [
      { label: 'is yes', value: 'is' },
      { label: 'is no', value: '!is' },
    ];
  }
  return [
    ...ops.map((op) => ({ label: FILTER_OPERATOR_LABELS[op], value: op })),
    ...ops.map((op) => ({ label: FILTER_NEGATED_OPERATOR_LABELS[op], value: `!${op}` })),
  ];
}

/** The operator choice's value for a condition: `!` marks one turned around ("is no"). */
export function operatorChoice(c: ConditionDraft): string {
  if (valueKind(c.field, c.operator) === 'none') return c.value === false ? '!is' : 'is';
  return `${c.negate ? '!' : ''}${c.operator}`;
}

function emptyValue(kind: ValueKind): ConditionDraft['value'] {
  if (kind === 'none') return true;
  if (kind === 'list' || kind === 'countries' || kind === 'networks') return [];
  return '';
}

export function newCondition(field = 'total'): ConditionDraft {
  const operator = filterField(field)?.operators[0] ?? 'equals';
  return {
    key: nextKey('c'),
    field,
    operator,
    negate: false,
    value: emptyValue(valueKind(field, operator)),
  };
}

/** A new field keeps the operator if it fits, else takes the field's first; the value restarts. */
export function withField(c: ConditionDraft, field: string): ConditionDraft {
  const ops = filterField(field)?.operators ?? [];
  const operator = ops.includes(c.operator) ? c.operator : (ops[0] ?? 'equals');
  const before = valueKind(c.field, c.operator);
  const after = valueKind(field, operator);
  return {
    ...c,
    field,
    operator,
    negate: after === 'none' ? false : c.negate,
    value: before === after ? c.value : emptyValue(after),
  };
}

/** A new operator keeps the value, turned from text to list and back when the input changes. */
export function withOperator(c: ConditionDraft, choice: string): ConditionDraft {
  const negate = choice.startsWith('!');
  const operator = (negate ? choice.slice(1) : choice) as FilterOperator;
  const before = valueKind(c.field, c.operator);
  const after = valueKind(c.field, operator);
  if (after === 'none') return { ...c, operator, negate: false, value: !negate };
  let value = c.value;
  if (before !== after) {
    if (after === 'list' && typeof value === 'string') value = splitList(value);
    else if (after === 'text' && Array.isArray(value)) value = value.join(', ');
    else if (after === 'countries' && typeof value === 'string') value = value ? [value] : [];
    else if (after === 'country' && Array.isArray(value)) value = value[0] ?? '';
    else value = emptyValue(after);
  }
  return { ...c, operator, negate, value };
}

/** Entries typed one a line or separated by commas, trimmed, blanks and repeats dropped. */
export function splitList(text: string): string[] {
  const entries = text
    .split(/[\n,]/)
    .map((e) => e.trim())
    .filter((e) => e !== '');
  return [...new Set(entries)];
}

const m = autoCancelMessages;

/** The first IP value of the condition the server would refuse, as it says it. */
export function ipError(c: ConditionDraft): string | undefined {
  if (filterField(c.field)?.valueType !== 'ip') return undefined;
  const entries = Array.isArray(c.value) ? c.value : typeof c.value === 'string' ? [c.value] : [];
  for (const entry of entries) {
    if (entry.trim() === '') continue;
    const checked = checkIpEntry(entry);
    if (!checked.ok) return checked.problem;
  }
  return undefined;
}

/** What is wrong with a condition's value before it is sent; the server checks the rest. */
export function conditionError(c: ConditionDraft): string | undefined {
  const error = shapeError(c);
  return error ?? ipError(c);
}

function shapeError(c: ConditionDraft): string | undefined {
  const kind = valueKind(c.field, c.operator);
  const { value } = c;
  if (!filterField(c.field)) return m.field;
  if (kind === 'none') return undefined;
  if (kind === 'number') {
    const text = typeof value === 'string' ? value.trim() : '';
    return text === '' || !Number.isFinite(Number(text)) ? 'Enter a number.' : undefined;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) {
      return kind === 'networks'
        ? 'Choose at least one kind of network.'
        : 'Add at least one entry.';
    }
    if (value.length > FILTER_LIMITS.listEntries) {
      return `A list has at most ${FILTER_LIMITS.listEntries} entries.`;
    }
    const long = value.find((v) => v.length > FILTER_LIMITS.textLength);
    return long === undefined
      ? undefined
      : `Each entry is at most ${FILTER_LIMITS.textLength} characters.`;
  }
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') return kind === 'country' ? 'Choose a country.' : 'Enter a value.';
  if (text.length > FILTER_LIMITS.textLength) {
    return `Enter at most ${FILTER_LIMITS.textLength} characters.`;
  }
  if (c.operator === 'matches') {
    // The server's own first check, so what it would refuse is shown before the save.
    const problem = regexSyntaxProblem(text, FILTER_PATTERNS);
    if (problem !== null) return `${problem}.`;
  }
  return undefined;
}

export function toCondition(c: ConditionDraft): FilterConditionInput {
  const kind = valueKind(c.field, c.operator);
  const value =
    kind === 'number'
      ? Number(String(c.value).trim())
      : typeof c.value === 'string'
        ? c.value.trim()
        : c.value;
  return { field: c.field, operator: c.operator, value, ...(c.negate ? { negate: true } : {}) };
}

export function fromCondition(c: FilterConditionInput): ConditionDraft {
  const operator = c.operator as FilterOperator;
  const kind = valueKind(c.field, operator);
  const negate = c.negate === true;
  if (kind === 'none') {
    // A yes/no fact turned around is the other answer: "is no" either way.
    return {
      key: nextKey('c'),
      field: c.field,
      operator,
      negate: false,
      value: negate !== (c.value === true),
    };
  }
  const value = typeof c.value === 'number' ? String(c.value) : c.value;
  return { key: nextKey('c'), field: c.field, operator, negate, value };
}

/** The field choices, in the table's order. */
export const FIELD_OPTIONS = FILTER_FIELDS.map((f) => ({ label: f.label, value: f.key }));
