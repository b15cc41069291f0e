// Where each problem of a refused save or dry run belongs: the server lists them with the path
// of what each is about in the request (["match", "groups", 0, "conditions", 1, "value"]), and
// the editor shows each under that input: the name, a condition, a group, the tags, the
// actions. What has no input of its own (or a refusal that lists nothing) shows above the
// form, whole, in the server's one sentence.
import type { FieldError } from '@gatehouse/contracts';
import type { FilterDraft, FilterErrors } from './auto-cancel-form.js';

export interface PlacedErrors {
  /** The problems that belong to an input, by where the editor shows them. */
  fields: FilterErrors;
  /** What shows above the form; null when every problem found its input. */
  banner: string | null;
}

type Place =
  { list: 'groups' | 'conditions'; key: string } | { field: 'name' | 'tags' | 'actions' };

function placeOf(draft: FilterDraft, path: FieldError['path']): Place | null {
  const [top, ...rest] = path;
  if (top === 'name') return { field: 'name' };
  if (top === 'actions') return { field: rest[0] === 'tags' ? 'tags' : 'actions' };
  if (top !== 'match' || rest[0] !== 'groups' || typeof rest[1] !== 'number') return null;
  const group = draft.groups[rest[1]];
  if (!group) return null;
  if (rest[2] !== 'conditions' || typeof rest[3] !== 'number') {
    return { list: 'groups', key: group.key };
  }
  const condition = group.conditions[rest[3]];
  return condition ? { list: 'conditions', key: condition.key } : null;
}

/** The server's problems placed under the inputs they are about; the rest above the form. */
export function placeServerErrors(
  draft: FilterDraft,
  message: string,
  errors: readonly FieldError[] | undefined,
): PlacedErrors {
  const fields: FilterErrors = { groups: {}, conditions: {} };
  let unplaced = errors === undefined || errors.length === 0;
  for (const error of errors ?? []) {
    const place = placeOf(draft, error.path);
    if (place === null) unplaced = true;
    else if ('list' in place) fields[place.list][place.key] ??= error.message;
    else fields[place.field] ??= error.message;
  }
  return { fields, banner: unplaced ? message : null };
}

/** The draft's own errors, with the server's added where the draft has none of its own. */
export function withServerErrors(errors: FilterErrors, placed: PlacedErrors | null): FilterErrors {
  if (!placed) return errors;
  const { fields } = placed;
  return {
    groups: { ...fields.groups, ...errors.groups },
    conditions: { ...fields.conditions, ...errors.conditions },
    ...pick('name', errors, fields),
    ...pick('actions', errors, fields),
    ...pick('tags', errors, fields),
  };
}

function pick(key: 'name' | 'actions' | 'tags', own: FilterErrors, server: FilterErrors) {
  const message = own[key] ?? server[key];
  return message === undefined ? {} : { [key]: message };
}
