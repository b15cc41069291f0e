// Reordering a keyed list: the item keyed `from` takes the place of the item keyed `to`.

export function moveByKey<T extends { key: string }>(items: T[], from: string, to: string): T[] {
  const a = items.findIndex((item) => item.key === from);
  const b = items.findIndex((item) => item.key === to);
  if (a < 0 || b < 0 || a === b) return items;
  const next = [...items];
  const [moved] = next.splice(a, 1);
  next.splice(b, 0, moved!);
  return next;
}
