// Where each problem of a refused save or dry run belongs: the server lists them with the path
// of what each is about in the request (["match", "groups", 0, "conditions", 1, "value"]), and
// the editor shows each under that input: the name, a condition, a group, the tags, the
// actions. What has no input of its own (or a refusal that lists nothing) shows above the
// form, whole, in the server's one sentence.
import type { ErrorIssue } from '@gatehouse/contracts';
import { placeIssues, type IssuePath } from '../../lib/place-issues.js';
import type { FilterDraft, FilterErrors } from './auto-cancel-form.js';

export interface PlacedErrors {
  /** The problems that belong to an input, by where the editor shows them. */
  fields: FilterErrors;
  /** What shows above the form; null when every problem found its input. */
  banner: string | null;
}

/** An input of the editor: the name, the tags, the actions, or a group or condition by key. */
type Place = 'name' | 'tags' | 'actions' | `groups:${string}` | `conditions:${string}`;

function placeOf(draft: FilterDraft, path: IssuePath): Place | null {
  const [top, ...rest] = path;
  if (top === 'name') return 'name';
  if (top === 'actions') return rest[0] === 'tags' ? 'tags' : 'actions';
  if (top !== 'match' || rest[0] !== 'groups' || typeof rest[1] !== 'number') return null;
  const group = draft.groups[rest[1]];
  if (!group) return null;
  if (rest[2] !== 'conditions' || typeof rest[3] !== 'number') return `groups:${group.key}`;
  const condition = group.conditions[rest[3]];
  return condition ? `conditions:${condition.key}` : null;
}

/** The server's problems placed under the inputs they are about; the rest above the form. */
export function placeServerErrors(
  draft: FilterDraft,
  message: string,
  issues: readonly ErrorIssue[] | undefined,
): PlacedErrors {
  const placed = placeIssues(message, issues, (path) => placeOf(draft, path));
  const fields: FilterErrors = { groups: {}, conditions: {} };
  // Each input shows its first problem.
  for (const [place, messages] of Object.entries(placed.at) as [Place, string[]][]) {
    const [first] = messages;
    if (first === undefined) continue;
    const colon = place.indexOf(':');
    if (colon === -1) fields[place as 'name' | 'tags' | 'actions'] = first;
    else fields[place.slice(0, colon) as 'groups' | 'conditions'][place.slice(colon + 1)] = first;
  }
  return { fields, banner: placed.banner };
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
