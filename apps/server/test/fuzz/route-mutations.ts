// Hostile changes to a route-table row's plausible input: which fields it has (nested ones
// too: a webhook's are in its payload), the input with one of them replaced or an unknown one
// added, and whether the route must refuse the change.
import type { Mutation } from './hostile-inputs.js';
import type { FuzzRoute } from './route-table.js';

/** The fields a route's input has, as paths, nested ones too (a webhook's are in its body). */
export function fieldsOf(input: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(input).flatMap(([key, value]) => [
    `${prefix}${key}`,
    ...(value !== null && typeof value === 'object' && !Array.isArray(value)
      ? fieldsOf(value as Record<string, unknown>, `${prefix}${key}.`)
      : []),
  ]);
}

/** The input with `path` (`a` or `a.b`) set to `value` as an own key (`__proto__` included). */
function applyAt(
  input: Record<string, unknown>,
  path: string,
  value: unknown,
): Record<string, unknown> {
  const set = (target: Record<string, unknown>, key: string, v: unknown) => {
    Object.defineProperty(target, key, {
      value: v,
      enumerable: true,
      configurable: true,
      writable: true,
    });
    return target;
  };
  const [head, ...rest] = path.split('.');
  if (rest.length === 0) return set({ ...input }, head!, value);
  const inner = input[head!];
  const copy = inner !== null && typeof inner === 'object' ? { ...(inner as object) } : {};
  return set({ ...input }, head!, applyAt(copy as Record<string, unknown>, rest.join('.'), value));
}

export function applyChange(route: FuzzRoute, input: Record<string, unknown>, change: Mutation) {
  // Unknown fields of a webhook go into its payload, where a handler could trip on them.
  const path =
    route.input === 'webhook' && change.kind === 'extra' ? `body.${change.field}` : change.field;
  return { input: applyAt(input, path, change.value), path };
}

/** Whether the route must refuse this change: forbidden text, in a field it reads, that survives the wire. */
export function mustRefuse(route: FuzzRoute, change: Mutation, path: string): boolean {
  if (!change.forbidden) return false;
  // A query string or a form carries UTF-8: a broken UTF-16 character arrives as U+FFFD.
  const text = String(change.value);
  if ((route.input === 'query' || route.input === 'form') && /[\uD800-\uDFFF]/.test(text))
    return false;
  return (
    route.refusesHostileText === 'any' ||
    route.refusesHostileText.some((field) => path === field || path.startsWith(`${field}.`))
  );
}
