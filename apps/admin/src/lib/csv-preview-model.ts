// The CSV import preview as the dialog shows it: the counts sentence, the bad lines in file
// order with their reasons, why the file cannot be imported (if so), and what the confirm
// button offers.
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
  /** Why the file cannot be imported as a whole (the server's words), or null. */
  problem: string | null;
  /** "Import 18 entries", or null when nothing can be imported. */
  confirmLabel: string | null;
}

export function previewModel(preview: CsvPreview): PreviewModel {
  const parts = [
    `${countOf(preview.total, 'line', 'lines')} read`,
    `${countOf(preview.valid, 'entry', 'entries')} to import`,
    countOf(preview.duplicates, 'duplicate', 'duplicates'),
    countOf(preview.errors.length, 'line with errors', 'lines with errors'),
  ];
  const sorted = [...preview.errors].sort((a, b) => a.line - b.line);
  const listed = sorted.slice(0, MAX_LISTED_ERRORS);
  const hidden = sorted.length - listed.length;
  return {
    summary: `${parts.join(', ')}.`,
    errorLines: listed.map((e) => ({
      line: e.line,
      label: `Line ${e.line}`,
      text: e.text,
      reason: e.reason,
    })),
    moreErrors: hidden > 0 ? `and ${countOf(hidden, 'more line', 'more lines')} with errors` : null,
    problem:
      preview.problem ??
      (preview.token === null || preview.valid === 0
        ? 'Nothing in this file can be imported.'
        : null),
    confirmLabel:
      preview.token !== null && preview.valid > 0
        ? `Import ${countOf(preview.valid, 'entry', 'entries')}`
        : null,
  };
}
