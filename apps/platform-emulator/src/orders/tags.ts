// Tags as the platform keeps them on orders and customers: trimmed, without empties, unique
// case-insensitively (the first spelling stays), at most 250 per resource, each at most 255
// characters. A comma inside a given tag separates two tags.
export const MAX_TAGS = 250;
export const MAX_TAG_LENGTH = 255;

/** Splits comma-separated entries and drops empties. */
export function splitTags(tags: readonly string[]): string[] {
  return tags
    .flatMap((tag) => tag.split(','))
    .map((tag) => tag.trim())
    .filter(Boolean);
}

export function mergeTags(current: readonly string[], added: readonly string[]): string[] {
  const result = [...current];
  const seen = new Set(current.map((tag) => tag.toLowerCase()));
  for (const tag of splitTags(added)) {
    if (seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    result.push(tag);
  }
  return result;
}

export function removeTags(current: readonly string[], removed: readonly string[]): string[] {
  const drop = new Set(splitTags(removed).map((tag) => tag.toLowerCase()));
  return current.filter((tag) => !drop.has(tag.toLowerCase()));
}

/** Why these tags cannot be stored, or null. */
export function tagsProblem(tags: readonly string[]): string | null {
  const long = splitTags(tags).find((tag) => tag.length > MAX_TAG_LENGTH);
  if (long) return `Tag "${long.slice(0, 20)}…" is longer than ${MAX_TAG_LENGTH} characters`;
  if (tags.length > MAX_TAGS) return `A resource can have at most ${MAX_TAGS} tags`;
  return null;
}
