// The editor's draft of one auto-cancel filter: its name and mode, its groups of conditions
// (each keyed, so the page can point at one), its actions; checked as the server checks its
// shape, and turned into the save call and back.
import {
  autoCancelMessages,
  FILTER_LIMITS,
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

export function filterErrors(draft: FilterDraft): FilterErrors {
  const errors: FilterErrors = { groups: {}, conditions: {} };
  const name = draft.name.trim();
  if (name === '' || name.length > FILTER_LIMITS.nameLength) errors.name = m.name;
  for (const group of draft.groups) {
    if (group.conditions.length === 0) errors.groups[group.key] = m.conditions;
    for (const c of group.conditions) {
      const error = conditionError(c);
      if (error) errors.conditions[c.key] = error;
    }
  }
  const { actions } = draft;
  if (!actions.cancel && actions.tags.length === 0 && !actions.blockIp && !actions.blockEmail) {
    errors.actions = m.noAction;
  }
  if (actions.tags.length > 5 || actions.tags.some((t) => t.length > 40 || t.includes(','))) {
    errors.tags = m.tags;
  }
  return errors;
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
