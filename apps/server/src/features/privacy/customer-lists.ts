// The merchant's list entries that identify a customer, and what Gatehouse says it keeps. The
// lists that name buyers (Customer Block Lists, Block Lists (Legacy)'s emails) are handed in by
// the app layer as the checkout function's block-list sources; each finds its own entries whose
// email or phone is the customer's, compared in the form the checkout compares. Entries of a
// name, an address, a zip code, an email domain or a country are not matched: they cannot be
// told apart from other people's. The IP lists' entries are matched by the browser addresses
// of the customer's orders. Entries are the merchant's rules: a data request reports them, a
// redact leaves them and says how many stay.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../core/db/client.js';
import { ipRules } from '../../protection/protection-schema.js';
import type {
  CheckoutBlockSource,
  PersonDetails,
  PersonEntry,
} from '../../orders/checkout-block-sources.js';
import { ORDER_LOG_RETENTION_DAYS } from '../../orders/order-actions.js';

/** The lists that can hold a customer's email or phone. */
export type PersonLists = readonly Pick<CheckoutBlockSource, 'personEntries'>[];

/** What Gatehouse keeps about a customer and for how long (a data request's first note). */
export const WHAT_IS_KEPT =
  'Gatehouse reads orders from Shopify when it acts on them and keeps no copy of them. What it ' +
  'keeps that can relate to a customer: the entries the merchant put on the shop’s block ' +
  'lists (emails, email domains, phone numbers, names, addresses, zip codes, countries and IP ' +
  'addresses, each with the merchant’s note), typed, imported, moved from Block Lists ' +
  '(Legacy) or added from an order by an auto-cancel filter, kept until the merchant removes ' +
  'them; the order-action log’s entries of the customer’s orders (the order number, what was ' +
  'done, and the email or browser IP a block action added to a list), kept ' +
  `${ORDER_LOG_RETENTION_DAYS} days; and the visits from the browser addresses of those ` +
  'orders, kept for the shop’s visitor-log retention.';

/** How entries were matched to the customer (a data request's second note). */
export const HOW_MATCHED =
  'Block list entries are listed when their email or phone number is the customer’s (or the ' +
  'email a filter added from one of their orders), or their IP address is one of their ' +
  'orders’ browser addresses. Entries of a name, address, zip code, email domain or country ' +
  'are not matched to a person.';

/** What a redact's outcome says of the entries that stay. */
export function keptNote(blockListEntries: number, ipListEntries: number): string {
  const total = blockListEntries + ipListEntries;
  if (total === 0) return 'No block list entry matches the customer.';
  const parts = [
    ...(blockListEntries > 0 ? [`${blockListEntries} with their email or phone number`] : []),
    ...(ipListEntries > 0 ? [`${ipListEntries} with their orders’ IP addresses`] : []),
  ];
  return (
    `${total} of the merchant’s block list ${total === 1 ? 'entry stays' : 'entries stay'} ` +
    `(${parts.join(', ')}): they are the merchant’s own rules, kept until the merchant ` +
    'removes them on the Customer Block Lists or IP Blocker page.'
  );
}

/** The customer's details an entry can name: the payload's, and the emails their orders' log added. */
export function personOf(
  customer: { email?: string | null; phone?: string | null },
  actions: readonly { params: { email?: string } }[],
): PersonDetails {
  const emails = [customer.email ?? '', ...actions.map((a) => a.params.email ?? '')];
  return {
    emails: [...new Set(emails.filter((e) => e.trim() !== ''))],
    phones: customer.phone?.trim() ? [customer.phone] : [],
  };
}

export async function blockListEntriesOf(
  db: Database,
  shopId: string,
  lists: PersonLists,
  person: PersonDetails,
): Promise<PersonEntry[]> {
  if (person.emails.length === 0 && person.phones.length === 0) return [];
  const found = await Promise.all(lists.map((list) => list.personEntries(db, shopId, person)));
  return found.flat();
}

export async function ipListEntriesOf(db: Database, shopId: string, ips: readonly string[]) {
  if (ips.length === 0) return [];
  return db
    .select({
      list: ipRules.list,
      ip: ipRules.ip,
      note: ipRules.note,
      createdAt: ipRules.createdAt,
    })
    .from(ipRules)
    .where(and(eq(ipRules.shopId, shopId), inArray(ipRules.ip, [...ips])))
    .orderBy(asc(ipRules.createdAt));
}
