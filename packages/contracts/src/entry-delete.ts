// How an entry list's delete call names what to delete, the same for every list (the IP lists,
// the list blockers): the entries picked by id, or every entry matching the
// list's search as the merchant saw it, with the count the merchant confirmed. The server
// deletes by search in one transaction and deletes nothing unless exactly that many match, so
// entries added or changed since the count was shown are never deleted unseen.
import { z } from 'zod';
import { cleanText } from './hygiene.js';
import { protectionMessages as m } from './protection-fields.js';

export const entryDeleteMessages = {
  oneWay: 'Send either the entries to delete or the search they match, not both.',
  count: 'Confirm how many matching entries to delete.',
  changed: (now: number) =>
    `The list has changed: ${now.toLocaleString('en-US')} ${now === 1 ? 'entry matches' : 'entries match'} now. Nothing was deleted; check the list and try again.`,
} as const;

/** The most entries one delete by search removes (the largest list holds far fewer). */
export const maxDeleteMatching = 1_000_000;

const ids = z
  .array(z.uuid({ error: m.entryId }), { error: m.noEntries })
  .min(1, m.noEntries)
  .max(1000, m.tooManyIds);

/** The list's search as its table applies it; empty matches every entry. */
export const entrySearch = z
  .string({ error: m.search })
  .trim()
  .max(100, m.search)
  .superRefine(cleanText('The search'));

export const entryDeleteRequest = z
  .object({
    /** The entries picked on screen. */
    ids: ids.optional(),
    /** Every entry the search matches; `count` is how many the merchant was told would go. */
    matching: z
      .object({
        search: entrySearch,
        count: z
          .number({ error: entryDeleteMessages.count })
          .int(entryDeleteMessages.count)
          .min(1, entryDeleteMessages.count)
          .max(maxDeleteMatching, entryDeleteMessages.count),
      })
      .optional(),
  })
  .superRefine((request, ctx) => {
    if ((request.ids === undefined) === (request.matching === undefined)) {
      ctx.addIssue({
        code: 'custom',
        message: request.ids ? entryDeleteMessages.oneWay : m.noEntries,
      });
    }
  });
export type EntryDeleteRequest = z.infer<typeof entryDeleteRequest>;

export const entryDeleteResult = z.object({ deleted: z.number() });
