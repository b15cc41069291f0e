// The checkout validation function reads one block list from its metafield; several features
// put entries into it (Customer Block Lists, and the emails of Block Lists (Legacy)). Each such
// feature exports a CheckoutBlockSource; the app layer lists them and hands the list to the
// feature that builds and syncs the metafield. A source that changed its entries calls
// `app.checkoutBlocks.changed(shopId)`, which queues a sync of that shop's metafield. Sources
// give values as the merchant typed them: the builder normalises every value once, so the
// function only compares. Entries name buyers (emails, phones, names, addresses), so each source
// also answers a customer's data request: which of its entries identify that person.
import type { Database } from '../core/db/client.js';

/** What one checkout block entry matches in the buyer's details. */
export const checkoutBlockKinds = [
  'email',
  'emailDomain',
  'phone',
  'name',
  'address',
  'zip',
  'country',
] as const;
export type CheckoutBlockKind = (typeof checkoutBlockKinds)[number];

export interface CheckoutBlockEntry {
  kind: CheckoutBlockKind;
  /** As stored by the source; normalised by the builder. */
  value: string;
}

/** How a customer is known to the platform: the details an entry can identify them by. */
export interface PersonDetails {
  emails: readonly string[];
  phones: readonly string[];
}

/** One of a source's entries that identifies a customer, as a data request reports it. */
export interface PersonEntry {
  /** The list as the merchant sees it ("Customer Block Lists"). */
  list: string;
  kind: CheckoutBlockKind;
  /** As the merchant (or their filter) entered it. */
  value: string;
  note: string;
  createdAt: Date;
}

export interface CheckoutBlockSource {
  /** Names the source in the sync status and logs (e.g. 'customer-block-lists'). */
  name: string;
  /**
   * The shop's entries that identify the person: an email or phone entry equal to one of
   * theirs in the form the checkout function compares. Every entry kept counts, whatever the
   * plan (a data request reports what is stored, not what is enforced).
   */
  personEntries(
    db: Database,
    shopId: string,
    person: PersonDetails,
  ): Promise<readonly PersonEntry[]>;
  /**
   * The shop's entries this source enforces now: a source whose plan does not apply (or that
   * is switched off) answers none.
   */
  entries(db: Database, shopId: string): Promise<readonly CheckoutBlockEntry[]>;
}

export interface CheckoutBlockService {
  /** A source's entries changed: queue a sync of the shop's function metafield. */
  changed(shopId: string): Promise<void>;
  /**
   * The shop's plan may have changed (a subscription's status, a plan chosen or cancelled, a
   * reinstall): sources answer by plan, so a checkout that has a list is synced again.
   */
  planChanged(shopId: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    checkoutBlocks: CheckoutBlockService;
  }
}
