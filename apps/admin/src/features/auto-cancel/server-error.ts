// Where a save the server refused belongs: its message names the condition ("Group 2,
// condition 1 (Email matches the pattern "(a+)+"): …") or the group ("Group 3 is empty…") it
// is about, counted from 1; the editor shows it under that condition or group. A message that
// names neither (the name, the actions, a limit) shows above the form.
import type { FilterDraft, FilterErrors } from './auto-cancel-form.js';

export type PlacedError =
  { on: 'condition' | 'group'; key: string; message: string } | { on: 'filter'; message: string };

export function placeServerError(draft: FilterDraft, message: string): PlacedError {
  const named = /Group (\d+)(?:, condition (\d+))?/.exec(message);
  const group = named ? draft.groups[Number(named[1]) - 1] : undefined;
  if (!named || !group) return { on: 'filter', message };
  if (named[2] === undefined) return { on: 'group', key: group.key, message };
  const condition = group.conditions[Number(named[2]) - 1];
  return condition ? { on: 'condition', key: condition.key, message } : { on: 'filter', message };
}

/** The draft's own errors with the server's message added where it belongs. */
export function withServerError(errors: FilterErrors, placed: PlacedError | null): FilterErrors {
  if (!placed || placed.on === 'filter') return errors;
  const list = placed.on === 'group' ? 'groups' : 'conditions';
  return { ...errors, [list]: { ...errors[list], [placed.key]: placed.message } };
}
