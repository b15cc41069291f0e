// The one way the admin writes a count: digits grouped by commas ("3,005"), with the noun
// made plural when it needs to be ("1 entry", "3,005 entries").
const numberFormat = new Intl.NumberFormat('en-US');

export function formatCount(value: number): string {
  return numberFormat.format(value);
}

/** "1 entry", "3,005 entries". */
export function countOf(value: number, singular: string, plural: string): string {
  return `${formatCount(value)} ${value === 1 ? singular : plural}`;
}
