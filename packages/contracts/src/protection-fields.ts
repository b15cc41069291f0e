// What the protection contracts share: the messages every blocker's fields answer with, the
// block-or-redirect action, and the note an IP or ISP/ASN entry carries.
import { invalidRedirectUrlMessage, normalizeRedirectUrl } from '@gatehouse/engine/values';
import { z } from 'zod';
import { cleanText } from './hygiene.js';

export const protectionMessages = {
  countryMode: 'Choose blacklist or whitelist mode.',
  countryCode: 'Each country must be a two-letter code, like US or DE.',
  tooManyCountries: 'At most 300 countries can be listed.',
  redirectUrl: 'Enter a full redirect address starting with http:// or https://.',
  ipMissing: 'Enter an IP address or CIDR range.',
  noteTooLong: 'The note can be at most 500 characters.',
  expiry: 'The expiry must be a date and time, like 2030-01-31T00:00:00Z.',
  entryId: 'That entry does not exist.',
  noEntries: 'Select at least one entry.',
  tooManyIds: 'At most 1,000 entries can be deleted at once.',
  csvEmpty: 'The CSV file is empty.',
  csvTooLarge: 'The CSV file can hold at most 10,000 lines.',
  csvTooLong: 'The CSV file is too large: at most 1 MB can be imported.',
  csvToken: 'Check the file before importing it.',
  csvSkipInvalid: '"skipInvalid" must be true or false.',
  title: 'The block page title must be 1 to 100 characters.',
  message: 'The block page message must be 1 to 1,000 characters.',
  colour: 'Colours must be hex codes like #ffffff or #fff.',
  logoUrl: 'The logo must be an https:// image address.',
  timeout: 'The decision time-out must be between 500 and 10000 ms.',
  retention: 'The log retention must be a whole number of hours, at least 1.',
  search: 'The search can be at most 100 characters.',
  cursor: 'The page cursor is not valid.',
  asnValue: 'Enter an ASN, like AS15169 or 15169, or an ISP name, like Hetzner.',
  asnRange: 'An ASN is a number from 1 to 4294967295, like AS15169.',
  ispName: 'An ISP name needs letters or digits, like Hetzner or DigitalOcean.',
  asnMistyped:
    'That is not an ASN: write AS and its number, like AS15169 or 15169. An ISP name is written as the network is named, like Hetzner.',
  ispNameTooLong: 'An ISP name can be at most 200 characters.',
  asnDuplicate: 'That ASN or ISP name is already in the list.',
  asnCap: 'The ISP/ASN Blocker holds at most 2,000 ASNs and ISP names. Remove some to add more.',
} as const;
const m = protectionMessages;

export const blockAction = z.discriminatedUnion('type', [
  z.object({ type: z.literal('block') }),
  z.object({
    type: z.literal('redirect'),
    url: z
      .string({ error: m.redirectUrl })
      .trim()
      .min(1, m.redirectUrl)
      .max(2048, m.redirectUrl)
      .superRefine(cleanText('The redirect address'))
      // The engine's own check of a target, so a form finds what a save would be refused for.
      .superRefine((url, ctx) => {
        if (url !== '' && normalizeRedirectUrl(url) === null) {
          ctx.addIssue({ code: 'custom', message: invalidRedirectUrlMessage(url) });
        }
      }),
  }),
]);
export type BlockAction = z.infer<typeof blockAction>;

/** A merchant's note on a list entry (IP, ISP/ASN, referrer). */
export const entryNote = z
  .string({ error: m.noteTooLong })
  .max(500, m.noteTooLong)
  .superRefine(cleanText('The note'));
