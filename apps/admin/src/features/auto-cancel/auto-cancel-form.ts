// The editor's draft of one auto-cancel filter: its name and mode, its groups of conditions
// (each keyed, so the page can point at one), its actions; checked by the save call's own
// schema, after the editor's checks of what that schema cannot say (a condition's value by its
// field's kind, a group with no condition), and turned into the save call and back. A problem
// of either, or of the server's refusal, is put at the input its path points to.
import {
  autoCancelFilterInput,
  autoCancelMessages,
  NEW_AUTO_CANCEL_FILTER,
  type AutoCancelActions,
  type AutoCancelFilter,
  type AutoCancelFilterInput,
  type AutoCancelMode,
  type FilterMatchInput,
} from '@gatehouse/contracts';
import {
  conditionError,
  fromCondition,
  ipError,
  newCondition,
  nextKey,
  toCondition,
  type ConditionDraft,
} from './condition-form.js';
import { placeIssues, type IssuePath } from '../../lib/place-issues.js';
import { requestFormSchema, type FormProblem } from '../../lib/request-form-schema.js';
import type { ErrorIssue } from '@gatehouse/contracts';

export * from './condition-form.js';

export interface GroupDraft {
  key: string;
  any: boolean;
  conditions: ConditionDraft[];
}

export interface FilterDraft {
  id: string | null;
  name: string;
  mode: AutoCancelMode;
  any: boolean;
  groups: GroupDraft[];
  actions: AutoCancelActions;
}

export function newGroup(): GroupDraft {
  return { key: nextKey('g'), any: false, conditions: [newCondition()] };
}

const m = autoCancelMessages;

export interface FilterErrors {
  name?: string;
  /** By group key: the group has no condition. */
  groups: Record<string, string>;
  /** By condition key. */
  conditions: Record<string, string>;
  actions?: string;
  tags?: string;
}

/**
 * The draft's field a path of the save call's request points to ("groups.0.conditions.1" for
 * ["match", "groups", 0, "conditions", 1, "value"]); null when the draft has no such input.
 */
export function draftFieldOf(path: IssuePath, draft: FilterDraft): string | null {
  const [top, ...rest] = path;
  if (top === 'name') return 'name';
  if (top === 'actions') return rest[0] === 'tags' ? 'actions.tags' : 'actions';
  if (top !== 'match' || rest[0] !== 'groups' || typeof rest[1] !== 'number') return null;
  const group = draft.groups[rest[1]];
  if (!group) return null;
  if (rest[2] !== 'conditions' || typeof rest[3] !== 'number') return `groups.${rest[1]}`;
  return group.conditions[rest[3]] ? `groups.${rest[1]}.conditions.${rest[3]}` : null;
}

/** What the save call's schema cannot say: a group with no condition, a value its field refuses. */
function ownProblems(draft: FilterDraft): FormProblem[] {
  const problems: FormProblem[] = [];
  draft.groups.forEach((group, i) => {
    if (group.conditions.length === 0)
      problems.push({ field: `groups.${i}`, message: m.conditions });
    group.conditions.forEach((c, j) => {
      const message = conditionError(c);
      if (message) problems.push({ field: `groups.${i}.conditions.${j}`, message });
    });
  });
  return problems;
}

/** The editor's checks of a draft, each problem at the draft's field it is about. */
export const filterDraftSchema = requestFormSchema(
  toInput,
  autoCancelFilterInput,
  draftFieldOf,
  ownProblems,
);

/** Problems by the draft's field path, as the editor's inputs show them: each its first. */
export function toFilterErrors(draft: FilterDraft, byField: Record<string, string>): FilterErrors {
  const errors: FilterErrors = { groups: {}, conditions: {} };
  for (const [field, message] of Object.entries(byField)) {
    const [top, i, , j] = field.split('.');
    if (top === 'name') errors.name ??= message;
    else if (field === 'actions.tags') errors.tags ??= message;
    else if (top === 'actions') errors.actions ??= message;
    else if (top === 'groups') {
      const group = draft.groups[Number(i)];
      const condition = j === undefined ? undefined : group?.conditions[Number(j)];
      if (condition) errors.conditions[condition.key] ??= message;
      else if (group && j === undefined) errors.groups[group.key] ??= message;
    }
  }
  return errors;
}

/** Every problem of the draft, as Save would show it. */
export function filterErrors(draft: FilterDraft): FilterErrors {
  const parsed = filterDraftSchema.safeParse(draft);
  const byField: Record<string, string> = {};
  for (const issue of parsed.error?.issues ?? []) byField[issue.path.join('.')] ??= issue.message;
  return toFilterErrors(draft, byField);
}

/** A refused request's problems at the inputs they are about; the rest above the form, whole. */
export function placeRefusal(
  draft: FilterDraft,
  message: string,
  issues: readonly ErrorIssue[] | undefined,
): { fields: FilterErrors; banner: string | null } {
  const placed = placeIssues(message, issues, (path) => draftFieldOf(path, draft));
  const firsts = Object.entries(placed.at).map(([field, all]) => [field, all?.[0] ?? '']);
  return { fields: toFilterErrors(draft, Object.fromEntries(firsts)), banner: placed.banner };
}

/** The problems of several sources at once; where two have one for an input, the first's. */
export function mergeErrors(...sources: FilterErrors[]): FilterErrors {
  const merged: FilterErrors = { groups: {}, conditions: {} };
  for (const source of sources.toReversed()) {
    Object.assign(merged.groups, source.groups);
    Object.assign(merged.conditions, source.conditions);
    for (const key of ['name', 'actions', 'tags'] as const)
      if (source[key] !== undefined) merged[key] = source[key];
  }
  return merged;
}

/** What is shown while the merchant types, before any save: an IP value that is not one. */
export function typedErrors(draft: FilterDraft): FilterErrors {
  const errors: FilterErrors = { groups: {}, conditions: {} };
  for (const c of draft.groups.flatMap((g) => g.conditions)) {
    const error = ipError(c);
    if (error) errors.conditions[c.key] = error;
  }
  return errors;
}

export function hasErrors(errors: FilterErrors): boolean {
  return (
    errors.name !== undefined ||
    errors.actions !== undefined ||
    errors.tags !== undefined ||
    Object.keys(errors.groups).length > 0 ||
    Object.keys(errors.conditions).length > 0
  );
}

export function toMatch(draft: Pick<FilterDraft, 'any' | 'groups'>): FilterMatchInput {
  return {
    any: draft.any,
    groups: draft.groups.map((g) => ({ any: g.any, conditions: g.conditions.map(toCondition) })),
  };
}

export function toInput(draft: FilterDraft): AutoCancelFilterInput {
  return {
    id: draft.id,
    name: draft.name.trim(),
    mode: draft.mode,
    match: toMatch(draft),
    actions: draft.actions,
  };
}

/** The editor's draft of a stored filter, or of a new one. */
export function toDraft(filter: AutoCancelFilter | null): FilterDraft {
  const source: AutoCancelFilterInput = filter ?? NEW_AUTO_CANCEL_FILTER;
  return {
    id: filter?.id ?? null,
    name: source.name,
    mode: source.mode,
    any: source.match.any,
    groups: source.match.groups.map((g) => ({
      key: nextKey('g'),
      any: g.any,
      conditions: g.conditions.map(fromCondition),
    })),
    actions: { ...source.actions, tags: [...source.actions.tags] },
  };
}
