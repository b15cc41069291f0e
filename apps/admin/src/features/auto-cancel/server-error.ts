// Where a save the server refused belongs: its message names the condition ("Filter "x":
// Group 2, condition 1 (Email matches the pattern "(a+)+"): …") or the group ("Group 3 is
// empty…") it is about, counted from 1; the editor shows it under that condition or group,
// without the words that only said where it was. A message that names neither (the name, the
// actions, a limit) shows above the form, whole.
import { describeCondition } from '@gatehouse/contracts';
import type { FilterDraft, FilterErrors } from './auto-cancel-form.js';
import { toCondition } from './condition-form.js';

export type PlacedError =
  { on: 'condition' | 'group'; key: string; message: string } | { on: 'filter'; message: string };

export function placeServerError(draft: FilterDraft, message: string): PlacedError {
  const named = /Group (\d+)(?:, condition (\d+))?/.exec(message);
  const group = named ? draft.groups[Number(named[1]) - 1] : undefined;
  if (!named || !group) return { on: 'filter', message };
  const rest = message.slice(named.index + named[0].length);
  if (named[2] === undefined) {
    return { on: 'group', key: group.key, message: `Group ${named[1]}${rest}` };
  }
  const condition = group.conditions[Number(named[2]) - 1];
  if (!condition) return { on: 'filter', message };
  const where = ` (${describeCondition(toCondition(condition))}): `;
  const problem = rest.startsWith(where) ? rest.slice(where.length).trim() : '';
  const text = problem === '' ? message : problem.charAt(0).toUpperCase() + problem.slice(1);
  return { on: 'condition', key: condition.key, message: text };
}

/** The draft's own errors with the server's message added where it belongs. */
export function withServerError(errors: FilterErrors, placed: PlacedError | null): FilterErrors {
  if (!placed || placed.on === 'filter') return errors;
  const list = placed.on === 'group' ? 'groups' : 'conditions';
  return { ...errors, [list]: { ...errors[list], [placed.key]: placed.message } };
}
