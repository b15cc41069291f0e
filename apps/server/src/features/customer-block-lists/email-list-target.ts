// Customer Block Lists as the target of moved emails (the legacy list's migration) and of the
// auto-cancel filters' "add the buyer's email" action. An email goes in as an email entry with
// its note, read as an add reads it and found as a repeat by the form the checkout function
// compares. The lists are a paid feature: on a plan without them nothing goes in (a legacy
// email stays where it is, still refused at checkout). The lists' size is kept: a move that
// would pass it is refused as a whole. References are the new entries' ids, so taking them
// out again leaves the merchant's own entries alone. Whoever adds or removes asks for the
// checkout sync once the change is written.
import {
  maxCustomerBlockEntries,
  planIncludes,
  readCustomerBlockValue,
} from '@gatehouse/contracts';
import { badRequest, forbidden } from '../../core/errors.js';
import type { ListTarget } from '../../protection/list-targets.js';
import {
  deleteEntries,
  enforceCap,
  entryCount,
  entryKey,
  existingKeys,
  insertEntries,
} from './entries.js';

export const emailTargetMessages = {
  plan: 'Customer Block Lists are part of the paid plans: the email stays here, and checkout still refuses it.',
  cap: (n: number) =>
    `Customer Block Lists hold at most ${maxCustomerBlockEntries.toLocaleString('en-US')} entries, too few for ${n} more: the emails stay here, and checkout still refuses them.`,
} as const;

export const customerEmailTarget: ListTarget = {
  kind: 'email',
  label: 'Customer Block Lists (emails)',
  page: '/checkoutValidate',
  async plan(db, shop, values) {
    if (!planIncludes(shop.plan, 'customerBlockLists')) {
      return { refusal: emailTargetMessages.plan, present: new Set() };
    }
    const keys = await existingKeys(db, shop.id);
    const present = new Set<string>();
    const unfit = new Map<string, string>();
    const fresh = new Set<string>();
    for (const value of values) {
      const read = readCustomerBlockValue('email', value);
      if ('error' in read) unfit.set(value, read.error);
      else if (keys.has(entryKey('email', read.value))) present.add(value);
      else fresh.add(entryKey('email', read.value));
    }
    const room = maxCustomerBlockEntries - (await entryCount(db, shop.id));
    return {
      refusal: fresh.size > room ? emailTargetMessages.cap(fresh.size) : null,
      present,
      unfit,
    };
  },
  async add(_blockers, db, shop, entries) {
    if (entries.length === 0) return [];
    if (!planIncludes(shop.plan, 'customerBlockLists')) throw forbidden(emailTargetMessages.plan);
    const read = entries.map((entry) => {
      const email = readCustomerBlockValue('email', entry.value);
      if ('error' in email) throw badRequest(email.error);
      return { kind: 'email' as const, value: email.value, note: entry.note };
    });
    await enforceCap(db, shop.id, read.length);
    const rows = await insertEntries(db, shop.id, read);
    // One reference per entry, in order: an entry stored by another call meanwhile has none.
    const ids = new Map(rows.map((r) => [entryKey('email', r.value), r.id]));
    return read.map((e) => ids.get(entryKey('email', e.value)) ?? '');
  },
  async remove(db, shop, refs) {
    const ids = refs.filter((ref) => ref !== '');
    if (ids.length > 0) await deleteEntries(db, shop.id, ids);
  },
};
