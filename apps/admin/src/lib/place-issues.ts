// Where each problem of a refused request belongs on its form: the server lists each with the
// path of what it is about in the request (["rules", 2, "url"], ["match", "groups", 0,
// "conditions", 1, "value"]), the form says which of its places a path points at, and each
// problem is shown there, in the order the server listed it. What has no place of its own, or a
// refusal that lists nothing, shows above the form in the server's one sentence.
import type { ErrorIssue } from '@gatehouse/contracts';

export type IssuePath = ErrorIssue['path'];

export interface PlacedIssues<P extends string> {
  /** Each place's problems, in the order the server listed them. */
  at: Partial<Record<P, string[]>>;
  /** The problems no place was found for, in words. */
  unplaced: string[];
  /** The server's one sentence, when a problem (or the refusal as a whole) has no place. */
  banner: string | null;
}

/** Sorts a refusal's problems onto the form's places by their paths; the rest above the form. */
export function placeIssues<P extends string>(
  message: string,
  issues: readonly ErrorIssue[] | undefined,
  placeOf: (path: IssuePath) => P | null,
): PlacedIssues<P> {
  const placed: PlacedIssues<P> = { at: {}, unplaced: [], banner: null };
  for (const issue of issues ?? []) {
    const place = placeOf(issue.path);
    if (place === null) placed.unplaced.push(issue.message);
    else (placed.at[place] ??= []).push(issue.message);
  }
  if (placed.unplaced.length > 0 || Object.keys(placed.at).length === 0) placed.banner = message;
  return placed;
}

/**
 * A path as a form library names the field it points to (["rules", 1, "url"] → "rules.1.url"),
 * for a form whose fields are named after the request (react-hook-form's `setError`).
 */
export const fieldName = (path: IssuePath): string => path.join('.');

/** Places each problem at the form's field of the same name; the rest above the form. */
export function placeIssuesByName<N extends string>(
  message: string,
  issues: readonly ErrorIssue[] | undefined,
  names: readonly N[],
): PlacedIssues<N> {
  const known = new Set<string>(names);
  return placeIssues(message, issues, (path) => {
    const name = fieldName(path);
    return known.has(name) ? (name as N) : null;
  });
}

/**
 * Puts a refusal on a form whose every problem has a field (`placeOf` never answers null, as
 * in an add form or an edit dialog): each field gets its first problem, and the server's
 * sentence, when it listed none there, goes on `fallback`.
 */
export function setRefusalErrors<P extends string>(
  setError: (field: P, error: { message: string }) => void,
  refusal: { message: string; issues: readonly ErrorIssue[] | undefined },
  placeOf: (path: IssuePath) => P,
  fallback: P,
): void {
  const refused = placeIssues(refusal.message, refusal.issues, placeOf);
  for (const [field, messages] of Object.entries(refused.at) as [P, string[]][]) {
    if (messages[0] !== undefined) setError(field, { message: messages[0] });
  }
  if (refused.banner !== null && refused.at[fallback] === undefined)
    setError(fallback, { message: refused.banner });
}
