// CSV import into a list (the IP lists, list blockers, Customer Block Lists), in two
// calls: the preview reads the file's text and reports what an import would do (every bad line
// by number) and stores nothing; the commit takes the same text with the preview's token and
// imports all of it or nothing. A file with bad lines is imported only when the commit says to
// skip them (`skipInvalid`), and then its good lines are all imported or none.
import { z } from 'zod';
import { cleanText } from './hygiene.js';
import { protectionMessages as m } from './protection-fields.js';

/** The most characters a CSV file sent for import may hold (about 1 MB). */
export const maxCsvChars = 1_000_000;

export const csvImportRequest = z.object({
  csv: z
    .string({ error: m.csvEmpty })
    .max(maxCsvChars, m.csvTooLong)
    .superRefine(cleanText('The CSV file')),
});
export const csvLineIssue = z.object({
  /** 1-based line number in the file. */
  line: z.number(),
  text: z.string(),
  reason: z.string(),
});
export const csvPreview = z.object({
  /** Data lines read (header and blank lines not counted). */
  total: z.number(),
  /** Lines that would be added. */
  valid: z.number(),
  /** Lines repeating an earlier line of the file, or an entry already in the list. */
  duplicates: z.number(),
  /** Bad lines in file order, at most 500 of them (`invalid` counts them all). */
  errors: z.array(csvLineIssue),
  /** Lines that cannot be imported (unreadable, or refused by the list). */
  invalid: z.number(),
  /** Why the file cannot be imported as a whole (bad lines, the plan's cap…), else null. */
  problem: z.string().nullable(),
  /**
   * Pass to the commit call with the same text; null when not even the good lines can be
   * imported. With bad lines (`invalid` > 0) the commit must also say `skipInvalid`.
   */
  token: z.string().nullable(),
});
export type CsvPreview = z.infer<typeof csvPreview>;
export const csvCommitRequest = csvImportRequest.extend({
  token: z
    .string({ error: m.csvToken })
    .min(1, m.csvToken)
    .max(200, m.csvToken)
    .superRefine(cleanText('The import token', false)),
  /** Import the good lines and skip the bad ones; without it a bad line refuses the file. */
  skipInvalid: z.boolean({ error: m.csvSkipInvalid }).optional().default(false),
});
export const csvCommitResult = z.object({
  imported: z.number(),
  /** Bad lines left out (only with `skipInvalid`). */
  skipped: z.number(),
  /** What the merchant should know about the list as it now is (empty when nothing). */
  notices: z.array(z.string()),
});
