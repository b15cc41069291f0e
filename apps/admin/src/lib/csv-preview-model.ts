// The CSV import preview as the dialog shows it: the counts sentence, the bad lines in file
// order with their reasons, why the file cannot be imported as a whole (if so), and what the
// confirm button offers: the whole file, or its good lines with the bad ones skipped.
import type { CsvPreview } from '@gatehouse/contracts';
import { countOf } from './format-count.js';

/** Bad lines listed in the dialog; the rest are counted. */
export const MAX_LISTED_ERRORS = 100;

export interface PreviewLine {
  line: number;
  label: string;
  text: string;
  reason: string;
}

export interface PreviewModel {
  summary: string;
  errorLines: PreviewLine[];
  /** Bad lines beyond the listed ones ("and 12 more lines with errors"). */
  moreErrors: string | null;
  /** Bad lines in the whole file (more than are listed when there are many). */
  badLines: number;
  /** Why the file cannot be imported as a whole (the server's words), or null. */
  problem: string | null;
  /**
   * "Import 18 entries"; "Import the 8 good lines, skip the 2 bad ones" when the file has bad
   * lines; null when nothing can be imported.
   */
  confirmLabel: string | null;
  /** The confirmed import leaves the bad lines out. */
  skipInvalid: boolean;
}

export function previewModel(preview: CsvPreview): PreviewModel {
  const parts = [
    `${countOf(preview.total, 'line', 'lines')} read`,
    `${countOf(preview.valid, 'entry', 'entries')} to import`,
    countOf(preview.duplicates, 'duplicate', 'duplicates'),
    countOf(preview.invalid, 'line with errors', 'lines with errors'),
  ];
  const sorted = [...preview.errors].sort((a, b) => a.line - b.line);
  const listed = sorted.slice(0, MAX_LISTED_ERRORS);
  const hidden = Math.max(preview.invalid, sorted.length) - listed.length;
  const importable = preview.token !== null && preview.valid > 0;
  return {
    summary: `${parts.join(', ')}.`,
    errorLines: listed.map((e) => ({
      line: e.line,
      label: `Line ${e.line}`,
      text: e.text,
      reason: e.reason,
    })),
    moreErrors: hidden > 0 ? `and ${countOf(hidden, 'more line', 'more lines')} with errors` : null,
    badLines: preview.invalid,
    problem: preview.problem ?? (importable ? null : 'Nothing in this file can be imported.'),
    confirmLabel: !importable
      ? null
      : preview.invalid > 0
        ? `Import the ${countOf(preview.valid, 'good line', 'good lines')}, skip the ${countOf(preview.invalid, 'bad one', 'bad ones')}`
        : `Import ${countOf(preview.valid, 'entry', 'entries')}`,
    skipInvalid: importable && preview.invalid > 0,
  };
}
