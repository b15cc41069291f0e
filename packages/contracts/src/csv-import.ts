// CSV import into a list (the IP lists, the Referrer Blocker), in two calls: the preview reads
// the file's text and reports what an import would do (every bad line by number) and stores
// nothing; the commit takes the same text with the preview's token and imports all of it or
// nothing.
import { z } from 'zod';
import { cleanText } from './hygiene.js';
import { protectionMessages as m } from './protection-fields.js';

export const csvImportRequest = z.object({
  csv: z
    .string({ error: m.csvEmpty })
    .max(1_000_000, m.csvTooLarge)
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
  errors: z.array(csvLineIssue),
  /** Why the file cannot be imported as a whole (bad lines, the plan's cap…), else null. */
  problem: z.string().nullable(),
  /** Pass to the commit call with the same text; null when the file cannot be imported. */
  token: z.string().nullable(),
});
export type CsvPreview = z.infer<typeof csvPreview>;
export const csvCommitRequest = csvImportRequest.extend({
  token: z
    .string({ error: m.csvToken })
    .min(1, m.csvToken)
    .max(200, m.csvToken)
    .superRefine(cleanText('The import token', false)),
});
export const csvCommitResult = z.object({ imported: z.number() });
